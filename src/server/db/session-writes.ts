import { eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { clickIdParams } from '#shared/attribution/attribution.ts';
import type { Db } from './client';
import { customers, sessions } from './schema';

// The one writer of `sessions` (issue 27): every feature that records what a browser session did
// calls these. A session's lifetime is measured against last_activity, so every write that
// creates or continues a session goes through stampSession with the app's clock (frozen in tests):
// the column has no database default, and a late, reordered request never moves it backwards.

export type SessionRow = typeof sessions.$inferSelect;
type SessionInsert = typeof sessions.$inferInsert;
type Stamped = 'id' | 'lastActivity' | 'createdAt' | 'updatedAt';
type SessionColumns = Omit<PgInsertValue<typeof sessions>, Stamped>;
type OnConflict = Omit<PgUpdateSetSource<typeof sessions>, Stamped>;

/** Creates the session with `values`, else applies `onConflict` to it; both marked active at `now`. */
async function stampSession(
  db: Db,
  id: string,
  now: Date,
  values: SessionColumns,
  onConflict: OnConflict,
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, id, lastActivity: now })
    .onConflictDoUpdate({
      target: sessions.id,
      set: {
        ...onConflict,
        lastActivity: sql`greatest(${sessions.lastActivity}, excluded.last_activity)`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** The first value a session was given stays (its attribution, its follow-up link). */
const firstOf = (column: 'utmData' | 'previousBookingSessionId') =>
  sql`coalesce(${sessions[column]}, excluded.${sql.identifier(sessions[column].name)})`;

/**
 * Marks the session active at `now`, creating its record when the browser has not made one yet;
 * its last activity after that (a later one already recorded stays).
 */
export async function touchSession(db: Db, sessionId: string, now: Date): Promise<Date> {
  return (await stampSession(db, sessionId, now, {}, {})).lastActivity;
}

/** The session's step follows the customer (spec §4); the record is made when missing. */
export async function setSessionStep(db: Db, sessionId: string, step: string, now: Date) {
  await stampSession(db, sessionId, now, { currentStep: step }, { currentStep: step });
}

/** Merges into the session's booking data, creating the session record when it is missing. */
export async function mergeSessionBookingData(
  db: Db,
  sessionId: string,
  patch: Record<string, unknown>,
  now: Date,
) {
  await stampSession(
    db,
    sessionId,
    now,
    { bookingData: patch },
    { bookingData: sql`coalesce(${sessions.bookingData}, '{}'::jsonb) || excluded.booking_data` },
  );
}

/** The session record's formData (spec §3): the contact form as last submitted. */
export async function saveSessionFormData(
  db: Db,
  sessionId: string,
  formData: Record<string, unknown>,
  now: Date,
) {
  await stampSession(db, sessionId, now, { formData }, { formData: sql`excluded.form_data` });
}

// The session record holds the customer as submitted (spec §3 customerData, addressCoordinates),
// read from the linked record in the same statement, so an expired session can carry it over.
const customerDataOf = (customerId: string) =>
  sql`(select jsonb_strip_nulls(jsonb_build_object(
    'firstName', ${customers.firstName}, 'lastName', ${customers.lastName},
    'email', ${customers.email}, 'phone', ${customers.phone}, 'address', ${customers.address},
    'suburb', ${customers.suburb}, 'postcode', ${customers.postcode}, 'state', ${customers.state},
    'placeId', ${customers.placeId}))
    from ${customers} where ${customers.id} = ${customerId})`;
const coordinatesOf = (customerId: string) =>
  sql`(select case when ${customers.addressLat} is not null and ${customers.addressLng} is not null
    then jsonb_build_object('lat', ${customers.addressLat}, 'lng', ${customers.addressLng}) end
    from ${customers} where ${customers.id} = ${customerId})`;

/** Creates the session record when it is new, else links it to the customer. */
export async function linkSessionCustomer(
  db: Db,
  link: {
    sessionId: string;
    customerId: string;
    currentStep?: string | undefined;
    utmData?: Record<string, unknown> | undefined;
  },
  now: Date,
): Promise<SessionRow> {
  return stampSession(
    db,
    link.sessionId,
    now,
    {
      customerId: link.customerId,
      currentStep: link.currentStep ?? 'contact',
      utmData: link.utmData ?? null,
      customerData: customerDataOf(link.customerId),
      addressCoordinates: coordinatesOf(link.customerId),
    },
    {
      customerId: link.customerId,
      customerData: sql`excluded.customer_data`,
      addressCoordinates: sql`excluded.address_coordinates`,
      ...(link.currentStep && { currentStep: link.currentStep }),
      // the first UTM data of a session is its attribution; later visits do not overwrite it
      utmData: firstOf('utmData'),
    },
  );
}

/**
 * The fresh session after a booking: UTM data only, step contact. Idempotent: a repeat (or a
 * session the browser already reported) keeps the link it has; the caller compares it.
 */
export async function linkFollowUpSession(
  db: Db,
  session: {
    id: string;
    previousBookingSessionId: string;
    utmData: Record<string, unknown> | null;
  },
  now: Date,
) {
  const row = await stampSession(
    db,
    session.id,
    now,
    {
      currentStep: 'contact',
      previousBookingSessionId: session.previousBookingSessionId,
      utmData: session.utmData,
    },
    { previousBookingSessionId: firstOf('previousBookingSessionId'), utmData: firstOf('utmData') },
  );
  const { id, previousBookingSessionId, currentStep } = row;
  return { id, previousBookingSessionId, currentStep };
}

/** The session's booking is made (spec §3 Session record), on the booking's transaction. */
export async function completeSessionBooking(
  tx: Db,
  sessionId: string,
  bookingId: string,
  now: Date,
) {
  await stampSession(
    tx,
    sessionId,
    now,
    { bookingCompleted: true, bookingCompletedAt: now, bookingData: { bookingId } },
    {
      bookingCompleted: true,
      bookingCompletedAt: sql`excluded.booking_completed_at`,
      bookingData: sql`coalesce(${sessions.bookingData}, '{}'::jsonb) || excluded.booking_data`,
    },
  );
}

/**
 * The replacement of an expired session (built from the previous record); false when a session
 * of that id exists already (a repeated notice, or one that follows another session).
 */
export async function insertReplacementSession(
  tx: Db,
  record: SessionInsert & { lastActivity: Date },
) {
  const inserted = await tx
    .insert(sessions)
    .values(record)
    .onConflictDoNothing({ target: sessions.id })
    .returning({ id: sessions.id });
  return inserted.length > 0;
}

/** Flags the session expired (the first time it was noticed stays). */
export async function flagSessionExpired(tx: Db, sessionId: string, now: Date) {
  await tx
    .update(sessions)
    .set({
      sessionExpired: true,
      sessionExpiredAt: sql`coalesce(${sessions.sessionExpiredAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(eq(sessions.id, sessionId));
}

/** A merge of customer records: the sessions of the ones merged away name the kept one. */
export async function moveSessionsToCustomer(tx: Db, from: string[], to: string) {
  await tx.update(sessions).set({ customerId: to }).where(inArray(sessions.customerId, from));
}

/** APP 13: what a person typed, kept on their sessions, goes (the rows stay). */
export async function eraseSessionPersonalData(tx: Db, sessionIds: string[]) {
  if (sessionIds.length === 0) return;
  await tx
    .update(sessions)
    .set({ customerData: null, formData: null, bookingData: null, addressCoordinates: null })
    .where(inArray(sessions.id, sessionIds));
}

/** APP 11: the click ids of sessions begun before `cutoff` go; the number of sessions changed. */
export async function dropSessionClickIds(tx: Db, cutoff: Date) {
  const names = sql`array[${sql.join(
    clickIdParams.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;
  const rows = await tx
    .update(sessions)
    .set({ utmData: sql`${sessions.utmData} - ${names}` })
    .where(sql`${sessions.createdAt} < ${cutoff} and ${sessions.utmData} ?| ${names}`)
    .returning({ id: sessions.id });
  return rows.length;
}
