import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { StaffGate } from '#web/components/staff/staff-gate.tsx';

/** /dashboard: staff or admin; the screen itself arrives with its own issue. */
export default function StaffPlaceholderPage({ title }: { title: string }) {
  return (
    <StaffGate screen={title} role="staff">
      <div className="page">
        <PageHeading title={title}>{title}</PageHeading>
        <p className="mt-3 text-muted">You are signed in. This screen is coming soon.</p>
      </div>
    </StaffGate>
  );
}
