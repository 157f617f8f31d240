import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function PricingSection() {
  return (
    <AdminSection id="pricing" title="Pricing">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
