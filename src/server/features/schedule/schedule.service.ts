import { addDays, dateIn, toOffsetIso } from '#shared/booking/calendar.ts';
import type { SchedulingConsultant } from '#shared/booking/consultant.ts';
import { workingRanges } from '#shared/booking/day-frame.ts';
import { driveMinutes, type LatLng } from '#shared/pricing/travel.ts';
import type { Appointment, Schedule, ScheduleQuery } from '#shared/staff/schedule.contract.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import type { DriveMinutes, DriveTimes } from '#server/integrations/maps/drive-times.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { rangeOf } from '#server/lib/slot-days.ts';
import * as repo from './schedule.repository';

type Row = Awaited<ReturnType<typeof repo.bookingsBetween>>[number];

/** A booking of a consultant no longer listed still shows, under their id. */
const unlisted = (id: string): SchedulingConsultant => ({
  id,
  name: id,
  active: false,
  services: [],
  weeklyHours: { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
  timeOff: [],
  base: { lat: 0, lng: 0 },
  territory: null,
});

const placeOf = (row: Row): LatLng | null =>
  row.visitLat != null && row.visitLng != null ? { lat: row.visitLat, lng: row.visitLng } : null;

/**
 * The drives the days show (each onsite visit's, from the visit before it that day or the base),
 * resolved before they are laid out: with the key, from Google's route matrix in one call.
 */
async function scheduleDrive(
  rows: Row[],
  known: Map<string, SchedulingConsultant>,
  timezone: string,
  driveTimes: DriveTimes | undefined,
): Promise<DriveMinutes> {
  if (driveTimes?.source !== 'google') return driveMinutes;
  const legs: [LatLng, LatLng][] = [];
  const last = new Map<string, LatLng>();
  for (const row of rows) {
    const base = known.get(row.staffId)?.base;
    const place = placeOf(row);
    if (!base || !place) continue;
    const day = `${row.staffId}|${dateIn(row.startTime, timezone)}`;
    if (row.serviceType === 'onsite') legs.push([last.get(day) ?? base, place]);
    last.set(day, place);
  }
  return (await driveTimes.between(legs)).drive;
}

/** One consultant's appointments of a day, each onsite visit with the drive to it. */
function appointmentsOf(
  rows: Row[],
  consultant: SchedulingConsultant,
  timezone: string,
  drive: DriveMinutes,
) {
  let from: LatLng | null = consultant.base;
  return rows.map((row): Appointment => {
    const place = placeOf(row);
    const minutes = place && from ? drive(from, place) : null;
    if (place) from = place;
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
    return {
      bookingId: row.bookingId,
      leadId: row.leadId,
      startTime: toOffsetIso(row.startTime.getTime(), timezone),
      endTime: toOffsetIso(row.endTime.getTime(), timezone),
      serviceType: row.serviceType,
      status: row.status,
      customerName: name || null,
      mobile: row.phone,
      address: row.address,
      suburb: row.suburb,
      notes: row.notes,
      driveMinutesBefore: row.serviceType === 'onsite' ? minutes : null,
    };
  });
}

/**
 * The days of [from, to] for staff: per consultant (one, or every active one and anyone with an
 * appointment), their hours that day and their appointments with the customer's name, mobile,
 * address and notes, and the drive before each onsite visit.
 */
export async function readSchedule(
  db: Db,
  query: ScheduleQuery,
  driveTimes?: DriveTimes,
): Promise<Schedule> {
  const { rules, consultants } = await readBookingSetup(db);
  const { timezone } = rules;
  const { from, to, consultantId } = query;
  const known = new Map(consultants.map((c) => [c.id, c]));
  if (consultantId && !known.has(consultantId)) throw HttpError.notFound('Consultant not found.');
  const rows = await repo.bookingsBetween(db, rangeOf(from, to, timezone), consultantId);
  const drive = await scheduleDrive(rows, known, timezone, driveTimes);
  const days: Schedule['days'] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const ofDay = rows.filter((r) => dateIn(r.startTime, timezone) === date);
    const ids = new Set([
      ...consultants
        .filter((c) => c.active && (!consultantId || c.id === consultantId))
        .map((c) => c.id),
      ...ofDay.map((r) => r.staffId),
    ]);
    days.push({
      date,
      consultants: [...ids].map((id) => {
        const consultant = known.get(id) ?? unlisted(id);
        const hours = workingRanges(consultant, date, timezone).map((r) => ({
          start: toOffsetIso(r.start, timezone),
          end: toOffsetIso(r.end, timezone),
        }));
        const mine = ofDay.filter((r) => r.staffId === id);
        return {
          id,
          name: consultant.name ?? id,
          hours,
          appointments: appointmentsOf(mine, consultant, timezone, drive),
        };
      }),
    });
  }
  return { from, to, timezone, days };
}
