import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function TogglesSection() {
  return (
    <AdminSection id="toggles" title="Features">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
