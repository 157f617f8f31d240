import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookingActivity, type BookingRow } from '#server/db/booking-store.ts';
import { customerIdOfSession, isLeadOfSession } from '#server/db/lead-of-session.ts';
import type { Db } from '#server/db/client.ts';
import { executeNamed } from '#server/db/named-statement.ts';
import type { PreparedDelivery } from '#server/messages/outbox.ts';
import { staffRecipientKeys } from '#server/messages/staff-recipient.ts';
import {
  activities,
  bookings,
  customers,
  leads,
  messageDeliveries,
  promoCodes,
  sessions,
  settings,
  slotHolds,
} from '#server/db/schema/index.ts';

export async function findBookingById(db: Db, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

export async function findBookingByIdempotencyKey(db: Db, key: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export { findPromoCodeByCode as findPromoCode } from '#server/db/promo-code-store.ts';

/** Counts one use of a promo code; false when its usage limit is reached. */
export async function countPromoUse(tx: Db, code: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ usageCount: sql`${promoCodes.usageCount} + 1`, updatedAt: sql`now()` })
    .where(
      sql`lower(${promoCodes.code}) = lower(${code}) and (${promoCodes.usageLimit} is null or ${promoCodes.usageCount} < ${promoCodes.usageLimit})`,
    )
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

/** Staff's no-show mark and its undo: only from the status the caller saw (null: it changed). */
export async function switchBookingStatus(tx: Db, id: string, from: string, to: string) {
  const [updated] = await tx
    .update(bookings)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, id), eq(bookings.status, from)))
    .returning();
  return updated ?? null;
}

/** The settings a booking's creation reads: its checks, its messages and GA4's readiness. */
export const bookingSettingKeys = [
  'onsite_glass_threshold',
  'onsite_restriction_enabled',
  'promo_codes_enabled',
  'timezone',
  ...staffRecipientKeys,
  'trak_enabled',
  'ga4_measurement_id',
  'ga4_api_secret',
  'ad_tracking_enabled',
] as const;

const earlier = alias(bookings, 'earlier');

/**
 * Everything a booking request is checked against, in one statement (no locks): the session's
 * lead and its customer, the session's hold named by the request (live or not; a hold's slot
 * never changes), the id of a booking already made with the idempotency key, and the settings of
 * bookingSettingKeys as stored. Null when the session has no lead.
 */
export async function readBookingRequest(
  db: Db,
  ids: { sessionId: string; reservationId: string; idempotencyKey: string },
) {
  const storedSettings = db
    .select({ values: sql`coalesce(json_object_agg(${settings.key}, ${settings.value}), '{}')` })
    .from(settings)
    .where(inArray(settings.key, [...bookingSettingKeys]));
  const [row] = await db
    .select({
      lead: {
        id: leads.id,
        customerId: customerIdOfSession(ids.sessionId),
        data: leads.data,
        utmSource: leads.utmSource,
        source: leads.source,
      },
      customer: { email: customers.email, phone: customers.phone },
      hold: {
        staffId: slotHolds.staffId,
        startTime: slotHolds.startTime,
        endTime: slotHolds.endTime,
      },
      earlierId: earlier.id,
      settings: sql<Record<string, unknown>>`(${storedSettings})`,
    })
    .from(leads)
    .leftJoin(customers, eq(customers.id, customerIdOfSession(ids.sessionId)))
    .leftJoin(
      slotHolds,
      and(eq(slotHolds.id, ids.reservationId), eq(slotHolds.sessionId, ids.sessionId)),
    )
    .leftJoin(earlier, eq(earlier.idempotencyKey, ids.idempotencyKey))
    .where(isLeadOfSession(ids.sessionId))
    .limit(1)
    .prepare('tintbook_read_booking_request') // named: planned once per connection (ADR 038)
    .execute();
  return row ?? null;
}

/** A new booking's own values (its slot comes from the hold). */
export type BookingValues = Pick<
  BookingRow,
  | 'id'
  | 'customerId'
  | 'leadId'
  | 'serviceType'
  | 'notes'
  | 'measurements'
  | 'estimatedPriceCents'
  | 'promoCode'
  | 'manageTokenHash'
  | 'idempotencyKey'
>;

/** A delivery as jsonb_to_recordset reads it (snake_case, instants as ISO text). */
const deliveryRecord = (m: PreparedDelivery) => ({
  id: m.id,
  channel: m.channel,
  kind: m.kind,
  booking_id: m.bookingId ?? null,
  lead_id: m.leadId ?? null,
  recipient: m.recipient,
  payload: m.payload ?? null,
  dedupe_key: m.dedupeKey ?? null,
  job_id: m.jobId,
  send_after: m.sendAfter?.toISOString() ?? null,
});

export interface HoldToBook {
  reservationId: string;
  sessionId: string;
  /** The hold's slot as read by readBookingRequest. */
  staffId: string;
  startTime: Date;
  endTime: Date;
}

interface BookedRow {
  staff_id: string;
  start_ms: number;
  created_ms: number;
  updated_ms: number;
}

/**
 * Spends the session's unexpired hold on a new booking, in one (named) statement on the caller's
 * transaction (after lockStaffSlots): the hold is deleted, the booking inserted in its slot, the
 * lead marked booked with its appointment (in one update, so the bookings trigger's sync has
 * nothing left to write: migration 0014), the session's booking completed (spec §3 Session
 * record), the activity recorded and the delivery rows of its messages written (their jobs queued
 * by the caller, on the same transaction; a dedupe key used before skips its row). Null (nothing
 * written) when the hold is gone, expired or another session's. Throws an exclusion violation
 * when a live booking of the staff member overlaps (bookings_no_overlap, ADR 013), a unique
 * violation when the idempotency key is reused.
 */
export async function bookHold(
  tx: Db,
  hold: HoldToBook,
  booking: BookingValues,
  messages: PreparedDelivery[],
  now: Date,
): Promise<BookingRow | null> {
  const when = { staffId: hold.staffId, startTime: hold.startTime.toISOString() };
  const activity = bookingActivity('booking_created', booking, when, hold.sessionId, now);
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  const at = now.toISOString();
  const result = await executeNamed<BookedRow>(
    tx,
    sql`
    with held as (
      delete from ${slotHolds}
      where ${slotHolds.id} = ${hold.reservationId}::uuid
        and ${slotHolds.sessionId} = ${hold.sessionId}::uuid
        and ${slotHolds.expiresAt} > ${at}::timestamptz
      returning staff_id, start_time, end_time
    ), booked as (
      insert into ${bookings} (id, customer_id, lead_id, staff_id, service_type, start_time,
        end_time, status, notes, measurements, estimated_price_cents, promo_code,
        manage_token_hash, idempotency_key)
      select ${booking.id}::uuid, ${booking.customerId}::uuid,
        ${booking.leadId}::uuid, staff_id, ${booking.serviceType}::text, start_time,
        end_time, 'confirmed', ${booking.notes}::text, ${json(booking.measurements)}::jsonb,
        ${booking.estimatedPriceCents}::integer, ${booking.promoCode}::text,
        ${booking.manageTokenHash}::text, ${booking.idempotencyKey}::text
      from held
      returning staff_id, start_time, (extract(epoch from start_time) * 1000)::float8 as start_ms,
        (extract(epoch from created_at) * 1000)::float8 as created_ms,
        (extract(epoch from updated_at) * 1000)::float8 as updated_ms
    ), lead_booked as (
      update ${leads}
      set stage = 'booked', data = data || ${json({ bookingId: booking.id })}::jsonb,
        has_booking = true, appointment_at = greatest(appointment_at, booked.start_time),
        updated_at = now()
      from booked
      where ${leads.id} = ${booking.leadId}::uuid
    ), session_booked as (
      insert into ${sessions} (id, booking_completed, booking_completed_at, booking_data,
        last_activity)
      select ${hold.sessionId}::uuid, true, ${at}::timestamptz,
        ${json({ bookingId: booking.id })}::jsonb, ${at}::timestamptz
      from booked
      on conflict (id) do update set booking_completed = true,
        booking_completed_at = excluded.booking_completed_at,
        booking_data = coalesce(${sessions}.booking_data, '{}'::jsonb) || excluded.booking_data,
        last_activity = greatest(${sessions}.last_activity, excluded.last_activity),
        updated_at = now()
    ), delivery as (
      insert into ${messageDeliveries} (id, channel, kind, booking_id, lead_id, recipient, payload,
        dedupe_key, job_id, send_after)
      select m.id, m.channel, m.kind, m.booking_id, m.lead_id, m.recipient,
        coalesce(m.payload, '{}'), m.dedupe_key, m.job_id, coalesce(m.send_after, now())
      from jsonb_to_recordset(${JSON.stringify(messages.map(deliveryRecord))}::jsonb) as m(
        id uuid, channel text, kind text, booking_id uuid, lead_id uuid, recipient text,
        payload jsonb, dedupe_key text, job_id uuid, send_after timestamptz)
      where exists (select from booked)
      on conflict (dedupe_key) do nothing
    ), activity as (
      insert into ${activities} (action, event_type, timestamp, session_id, customer_id, lead_id,
        data)
      select ${activity.action}::text, ${activity.eventType}::text, ${at}::timestamptz,
        ${hold.sessionId}::uuid,
        ${activity.customerId}::uuid, ${activity.leadId}::uuid,
        ${json(activity.data)}::jsonb
      from booked
    )
    select staff_id, start_ms, created_ms, updated_ms from booked
  `,
  );
  const [row] = result.rows;
  if (!row) return null;
  if (row.staff_id !== hold.staffId || Number(row.start_ms) !== hold.startTime.getTime()) {
    throw new Error('the hold spent is not the hold read');
  }
  return {
    ...booking,
    staffId: hold.staffId,
    startTime: hold.startTime,
    endTime: hold.endTime,
    status: 'confirmed',
    trakJobId: null,
    calendarSequence: 0,
    legacyOverlap: false,
    createdAt: new Date(Math.floor(Number(row.created_ms))),
    updatedAt: new Date(Math.floor(Number(row.updated_ms))),
  };
}
