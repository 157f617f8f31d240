import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { StaffGate } from '#web/components/staff/staff-gate.tsx';

/** /dashboard and /leads: staff or admin; the screens themselves arrive with their own issue. */
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
