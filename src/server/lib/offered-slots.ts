import { addDays, dateIn, wallClock } from '#shared/booking/calendar.ts';
import { generateSlots } from '#shared/booking/slots.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { findBusy, readBookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from './http-error';

const dayMs = 24 * 60 * 60_000;

/**
 * The slots the booking rules offer at `startTime` right now (one per staff member), as
 * /api/availability shows them: staff moving a booking get exactly the customer's choices.
 * Empty when that instant is no slot at all.
 */
export async function offeredSlotsAt(
  db: Db,
  input: { startTime: string; staffId?: string | undefined },
  now: Date,
) {
  const { rules, staff } = await readBookingSetup(db);
  if (input.staffId && !staff.some((s) => s.id === input.staffId)) {
    const message = bookingMessages.unknownStaff;
    throw HttpError.badRequest(message, { staffId: message });
  }
  const start = Date.parse(input.startTime);
  // a coarse bound before any calendar maths (see holds.service nearHorizon)
  const near =
    start >= now.getTime() - dayMs && start <= now.getTime() + (rules.horizonDays + 2) * dayMs;
  if (!near) return [];
  const date = dateIn(new Date(start), rules.timezone);
  const range = {
    start: new Date(wallClock(date, 0, rules.timezone)),
    end: new Date(wallClock(addDays(date, 1), 0, rules.timezone)),
  };
  const busy = await findBusy(db, range, now);
  const [day] = generateSlots({ rules, staff, ...busy, now, from: date, to: date });
  return (day?.slots ?? []).filter(
    (slot) =>
      Date.parse(slot.startTime) === start && (!input.staffId || slot.staffId === input.staffId),
  );
}
