import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { BookingCard } from './booking-card';
import type { Announcer } from './use-announcer';

/** Every booking of the lead, newest first as the server gives them. */
export function LeadBookings({
  bookings,
  now,
  announcer,
  onChanged,
}: {
  bookings: LeadDetail['bookings'];
  now: number;
  announcer: Announcer;
  onChanged: () => void;
}) {
  return (
    <section aria-labelledby="lead-bookings-title" className="card space-y-3">
      <h2 id="lead-bookings-title" className="text-xl font-bold">
        Bookings
      </h2>
      {bookings.length === 0 ? (
        <p className="text-muted">No booking yet.</p>
      ) : (
        <ul className="space-y-3">
          {bookings.map((entry) => (
            <BookingCard
              key={entry.booking.id}
              entry={entry}
              now={now}
              announcer={announcer}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
