import { useQuery } from '@tanstack/react-query';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { BookingRulesForm } from './booking-rules-form';
import { bookingRulesQuery } from './booking-rules-api';

/** /trak-settings: when customers can book, with a live preview of the next seven days. */
export function BookingRulesSection() {
  const rules = useQuery(bookingRulesQuery);
  return (
    <AdminSection
      id="booking-rules"
      title="Booking rules"
      description="When customers can book a consultation. Times are in the time zone below; weekends, Victorian public holidays and blackout dates are closed."
    >
      <QueryContent query={rules}>{(data) => <BookingRulesForm rules={data.rules} />}</QueryContent>
    </AdminSection>
  );
}
