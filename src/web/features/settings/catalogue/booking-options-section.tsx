import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function BookingOptionsSection() {
  return (
    <AdminSection id="booking-options" title="Booking options">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
