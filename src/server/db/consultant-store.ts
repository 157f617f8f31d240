import { asc, eq } from 'drizzle-orm';
import type { SchedulingConsultant } from '#shared/booking/consultant.ts';
import type { BaseAddress } from '#shared/settings/setting-defaults.ts';
import type { Db } from './client';
import { consultants } from './schema';

// Consultants as the booking calendar and the admin screens read them (issue 28, ADR 052). The
// one writer is the consultants feature's repository.

export type ConsultantRow = typeof consultants.$inferSelect;

/** Every consultant, first added first (the calendar lists each slot's consultants so). */
export function readConsultants(db: Db): Promise<ConsultantRow[]> {
  return db.select().from(consultants).orderBy(asc(consultants.createdAt), asc(consultants.id));
}

/** One consultant (a booking's staff_id); null when no consultant has that id. */
export async function findConsultant(db: Db, id: string): Promise<ConsultantRow | null> {
  const [row] = await db.select().from(consultants).where(eq(consultants.id, id));
  return row ?? null;
}

/** Where the consultant's day starts: their own base, else the business base. */
export function baseOf(row: ConsultantRow, businessBase: BaseAddress) {
  if (row.baseLat == null || row.baseLng == null) {
    return { placeId: null, ...businessBase, isBusinessBase: true };
  }
  return {
    placeId: row.basePlaceId,
    address: row.baseAddress ?? '',
    lat: row.baseLat,
    lng: row.baseLng,
    isBusinessBase: false,
  };
}

/** What the scheduling function needs of a consultant. */
export function toSchedulingConsultant(
  row: ConsultantRow,
  businessBase: BaseAddress,
): SchedulingConsultant {
  const { lat, lng } = baseOf(row, businessBase);
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    services: row.services.filter((s) => s === 'phone' || s === 'onsite'),
    weeklyHours: row.weeklyHours,
    timeOff: row.timeOff,
    base: { lat, lng },
    territory: row.territory ?? null,
  };
}
