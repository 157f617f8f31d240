import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  consultantAdminMessages as m,
  type Consultant,
  type CreateConsultant,
  type UpdateConsultant,
} from '#shared/admin/consultants.contract.ts';
import { friendlyTime } from '#shared/booking/friendly-time.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import type { Db } from '#server/db/client.ts';
import {
  calendarSummary,
  findConsultantCalendar,
  readConsultantCalendars,
  type ConsultantCalendarRow,
} from '#server/db/consultant-calendar-store.ts';
import { baseOf, readConsultants, type ConsultantRow } from '#server/db/consultant-store.ts';
import { isForeignKeyViolation } from '#server/db/errors.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { chosenPlace } from '#server/lib/customer-place.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { MapsProvider } from '#server/integrations/maps/maps-provider.ts';
import * as repo from './consultants.repository';

// Consultants (issue 28, ADR 052): who takes consultations, when, from where and how far.

type Maps = { maps: MapsProvider; log: FastifyBaseLogger };

async function businessBase(db: Db) {
  return (await readSettings(db, ['base_address'])).base_address ?? settingDefaults.base_address;
}

function toConsultant(
  row: ConsultantRow,
  base: Awaited<ReturnType<typeof businessBase>>,
  calendar: ConsultantCalendarRow | null | undefined,
) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    staffUserId: row.staffUserId,
    active: row.active,
    services: row.services.filter((s): s is 'phone' | 'onsite' => s === 'phone' || s === 'onsite'),
    weeklyHours: row.weeklyHours,
    timeOff: row.timeOff,
    base: baseOf(row, base),
    territory: row.territory ?? null,
    calendar: calendarSummary(calendar),
  } satisfies Consultant;
}

export async function listConsultants(db: Db): Promise<Consultant[]> {
  const [rows, base, calendars] = await Promise.all([
    readConsultants(db),
    businessBase(db),
    readConsultantCalendars(db),
  ]);
  return rows.map((row) => toConsultant(row, base, calendars.get(row.id)));
}

export async function getConsultant(db: Db, id: string): Promise<Consultant> {
  const row = await repo.findConsultant(db, id);
  if (!row) throw HttpError.notFound(m.notFound);
  return answer(db, row);
}

async function answer(db: Db, row: ConsultantRow): Promise<Consultant> {
  const [base, calendar] = await Promise.all([
    businessBase(db),
    findConsultantCalendar(db, row.id),
  ]);
  return toConsultant(row, base, calendar);
}

/** The base's columns for a chosen suggestion (null: the business base). */
async function baseColumns(base: { placeId: string } | null, { maps, log }: Maps) {
  if (!base) return { basePlaceId: null, baseAddress: null, baseLat: null, baseLng: null };
  const place = await chosenPlace(maps, base.placeId, log);
  if (!place) throw HttpError.badRequest(m.baseNotFound, { 'base.placeId': m.baseNotFound });
  return {
    basePlaceId: place.placeId,
    baseAddress: place.formattedAddress,
    baseLat: place.location.lat,
    baseLng: place.location.lng,
  };
}

/** A staff account that does not exist is the caller's mistake, not a 500. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw HttpError.badRequest(m.staffUser, { staffUserId: m.staffUser });
    }
    throw err;
  }
}

export async function createConsultant(
  db: Db,
  input: CreateConsultant,
  maps: Maps,
): Promise<Consultant> {
  const { base, territory, email, mobile, staffUserId, ...rest } = input;
  const row = await saving(async () =>
    repo.insertConsultant(db, {
      id: randomUUID(),
      ...rest,
      email: email ?? null,
      mobile: mobile ?? null,
      staffUserId: staffUserId ?? null,
      territory: territory ?? null,
      ...(await baseColumns(base ?? null, maps)),
    }),
  );
  return answer(db, row);
}

/** Only the fields sent change; `base: null` goes back to the business base. */
export async function updateConsultant(
  db: Db,
  id: string,
  input: UpdateConsultant,
  maps: Maps,
): Promise<Consultant> {
  const { base, ...rest } = input;
  const change = {
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    ...(base !== undefined && (await baseColumns(base, maps))),
  };
  const row = await saving(() => repo.updateConsultant(db, id, change));
  if (!row) throw HttpError.notFound(m.notFound);
  return answer(db, row);
}

/** How many future bookings a refusal names by time; the rest are counted. */
const namedBookings = 5;

/** Refused (409) while they have bookings to come: those are moved to someone else first. */
export async function deleteConsultant(db: Db, id: string, now: Date): Promise<void> {
  const { rows, count } = await repo.futureBookingsOf(db, id, now, namedBookings);
  if (count > 0) {
    const { timezone } = await readSettings(db, ['timezone']);
    const times = rows.map((b) => friendlyTime(b.startTime, timezone));
    const list = count > rows.length ? [...times, `and ${count - rows.length} more`] : times;
    throw HttpError.conflict(m.hasFutureBookings(count, list.join('; ')));
  }
  if (!(await repo.deleteConsultant(db, id))) throw HttpError.notFound(m.notFound);
}
