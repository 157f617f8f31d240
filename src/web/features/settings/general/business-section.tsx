import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function BusinessSection() {
  return (
    <AdminSection id="business" title="Business details">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
