import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function WebhookSection() {
  return (
    <AdminSection id="webhook" title="Form webhook">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
