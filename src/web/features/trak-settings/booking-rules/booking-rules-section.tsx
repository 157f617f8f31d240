import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function BookingRulesSection() {
  return (
    <AdminSection id="booking-rules" title="Booking rules">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
