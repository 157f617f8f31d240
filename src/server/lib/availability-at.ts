import type { Availability, ServiceType } from '#shared/booking/booking.contract.ts';
import { addDays, dateIn } from '#shared/booking/calendar.ts';
import type { VisitPlace } from '#shared/booking/consultant.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import type { DriveTimes } from '#server/integrations/maps/drive-times.ts';
import { slotDays } from './slot-days';

/**
 * The free times of the horizon (clipped to today … today + horizon) for one visit's place, worked
 * out afresh rather than from the shared cache (ADR 051): what staff booking a customer who phoned
 * in, and a customer moving their own onsite visit, see (issue 28). `exceptBookingId`: the booking
 * being moved, whose own time and drives are not in its way; `exceptSessionId`: that session's
 * own hold stays free to it.
 */
export async function availabilityAt(
  db: Db,
  asked: {
    serviceType: ServiceType;
    visit: VisitPlace | null;
    from?: string | undefined;
    to?: string | undefined;
    consultantId?: string | undefined;
    exceptBookingId?: string | undefined;
    exceptSessionId?: string | undefined;
  },
  driveTimes: DriveTimes | undefined,
  now: Date,
): Promise<Availability> {
  const { serviceType, visit } = asked;
  const setup = await readBookingSetup(db);
  const { timezone, horizonDays } = setup.rules;
  const today = dateIn(now, timezone);
  const lastDay = addDays(today, horizonDays);
  const from = asked.from && asked.from > today ? asked.from : today;
  const to = asked.to && asked.to < lastDay ? asked.to : lastDay;
  // a range wholly before today (or after the horizon) has no times; nothing to work out
  if (to < from) return { from, to: from, timezone, serviceType, days: [] };
  const days = await slotDays(db, setup, { from, to }, now, {
    serviceType,
    visit,
    exceptBookingId: asked.exceptBookingId,
    exceptSessionId: asked.exceptSessionId,
    driveTimes,
  });
  const mine = (staffId: string) => !asked.consultantId || staffId === asked.consultantId;
  return {
    from,
    to,
    timezone,
    serviceType,
    days: days.map((day) => ({ ...day, slots: day.slots.filter((s) => mine(s.staffId)) })),
  };
}
