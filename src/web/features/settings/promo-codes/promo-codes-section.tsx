import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function PromoCodesSection() {
  return (
    <AdminSection id="promo-codes" title="Promo codes">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
