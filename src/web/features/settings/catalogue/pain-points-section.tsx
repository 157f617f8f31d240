import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function PainPointsSection() {
  return (
    <AdminSection id="pain-points" title="Pain points">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
