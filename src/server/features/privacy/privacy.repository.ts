import { eq, inArray, or, sql } from 'drizzle-orm';
import { eraseBookingNotes } from '#server/db/booking-writes.ts';
import type { Db } from '#server/db/client.ts';
import { eraseLeadPersonalData } from '#server/db/lead-writes.ts';
import {
  activities,
  analyticsEvents,
  bookings,
  customers,
  journeys,
  journeySteps,
  leads,
  leadVisits,
  messageDeliveries,
  privacyRequests,
  sessions,
  smsOptOuts,
  uploadedFiles,
  utmCaptures,
} from '#server/db/schema/index.ts';
import { eraseSessionPersonalData } from '#server/db/session-writes.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { leadsMessages } from '#shared/leads/leads.contract.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The ids that make up one person: their customer record and every row that points at it. */
export async function personRows(tx: Db | Tx, customerId: string) {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw HttpError.notFound(leadsMessages.customerNotFound);
  const leadRows = await tx.select().from(leads).where(eq(leads.customerId, customerId));
  const leadIds = leadRows.map((l) => l.id);
  // later sessions that continued the person's leads, and the ones they made on other leads
  // (ADR 043): what was typed there is theirs too
  const visitRows = await tx
    .select()
    .from(leadVisits)
    .where(or(anyOf(leadVisits.leadId, leadIds), eq(leadVisits.customerId, customerId)));
  const sessionIds = [
    ...new Set(
      [
        customer.createdBySessionId,
        ...leadRows.map((l) => l.sessionId),
        ...visitRows.map((v) => v.sessionId),
        ...(
          await tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(eq(sessions.customerId, customerId))
        ).map((s) => s.id),
      ].filter((id): id is string => id !== null),
    ),
  ];
  const bookingRows = await tx
    .select()
    .from(bookings)
    .where(or(eq(bookings.customerId, customerId), anyOf(bookings.leadId, leadIds)) ?? sql`false`);
  const bookingIds = bookingRows.map((b) => b.id);
  const fileRows = await tx
    .select()
    .from(uploadedFiles)
    .where(or(anyOf(uploadedFiles.leadId, leadIds), anyOf(uploadedFiles.sessionId, sessionIds)));
  const visitCustomerIds = [
    ...new Set(visitRows.map((v) => v.customerId).filter((id): id is string => !!id)),
  ].filter((id) => id !== customerId);
  return {
    customer,
    leadRows,
    leadIds,
    visitRows,
    visitCustomerIds,
    sessionIds,
    bookingRows,
    bookingIds,
    fileRows,
  };
}

/** `column in (ids)`, or false for no ids (drizzle refuses an empty IN list). */
export function anyOf(column: Parameters<typeof inArray>[0], ids: string[]) {
  return ids.length > 0 ? inArray(column, ids) : sql`false`;
}

export interface EraseResult {
  counts: { customers: number; leads: number; bookings: number; files: number };
  /** Storage keys to remove once the transaction has committed (a removal cannot roll back). */
  storageKeys: string[];
}

/**
 * APP 13: replaces every personal field of one person in one transaction. Leads, bookings and
 * files stay as anonymous rows so counts and the dashboard stay true; ids, stages, money,
 * measurements and attribution codes (not about who the person is) are kept.
 */
export async function erasePerson(
  db: Db,
  customerId: string,
  staff: { id: string; name: string },
  now: Date,
): Promise<EraseResult> {
  return db.transaction(async (tx) => {
    const p = await personRows(tx, customerId);
    const { leadIds, sessionIds, bookingIds } = p;
    const customerIds = [customerId, ...p.visitCustomerIds];
    await tx
      .update(customers)
      .set({
        firstName: leadsMessages.erased,
        lastName: '',
        email: '',
        phone: '',
        address: '',
        suburb: null,
        postcode: null,
        state: null,
        placeId: null,
        structuredAddress: null,
        addressLat: null,
        addressLng: null,
        possibleDuplicateOf: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(inArray(customers.id, customerIds));
    // "same e-mail as that record" would tell staff the erased person's e-mail: the marks go
    await tx
      .update(customers)
      .set({ possibleDuplicateOf: null })
      .where(inArray(customers.possibleDuplicateOf, customerIds));
    // the visits stay (their sessions still find the anonymous lead), what was typed goes
    await tx
      .update(leadVisits)
      .set({ details: {}, attribution: null, updatedAt: now })
      .where(
        anyOf(
          leadVisits.id,
          p.visitRows.map((v) => v.id),
        ),
      );
    await eraseLeadPersonalData(tx, leadIds, now);
    await eraseSessionPersonalData(tx, sessionIds);
    await tx
      .update(journeys)
      .set({ referrer: null, landingPage: null })
      .where(anyOf(journeys.sessionId, sessionIds));
    await tx
      .update(journeySteps)
      .set({ data: null })
      .where(
        inArray(
          journeySteps.journeyId,
          tx
            .select({ id: journeys.id })
            .from(journeys)
            .where(anyOf(journeys.sessionId, sessionIds)),
        ),
      );
    await tx
      .update(analyticsEvents)
      .set({ data: null, userAgent: null })
      .where(anyOf(analyticsEvents.sessionId, sessionIds));
    await tx
      .update(utmCaptures)
      .set({ pageUrl: null, referrer: null })
      .where(or(anyOf(utmCaptures.sessionId, sessionIds), anyOf(utmCaptures.leadId, leadIds)));
    // Staff notes are about the person: their text goes, the entry (who, when) stays.
    await tx
      .update(activities)
      .set({
        data: sql`case when ${activities.data} ? 'text'
          then jsonb_build_object('text', ${leadsMessages.erased}::text, 'staffName', ${activities.data} -> 'staffName')
          else jsonb_strip_nulls(jsonb_build_object('staffName', ${activities.data} -> 'staffName',
            'bookingId', ${activities.data} -> 'bookingId', 'from', ${activities.data} -> 'from',
            'to', ${activities.data} -> 'to', 'stage', ${activities.data} -> 'stage',
            'status', ${activities.data} -> 'status')) end`,
        eventData: null,
        pageUrl: null,
        ipAddress: null,
        userAgent: null,
      })
      .where(
        or(
          inArray(activities.customerId, customerIds),
          anyOf(activities.leadId, leadIds),
          anyOf(activities.sessionId, sessionIds),
        ),
      );
    await tx
      .update(messageDeliveries)
      .set({ recipient: '', payload: {}, lastError: null, updatedAt: now })
      .where(
        or(
          anyOf(messageDeliveries.leadId, leadIds),
          anyOf(messageDeliveries.bookingId, bookingIds),
        ),
      );
    if (p.customer.phone) await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, p.customer.phone));
    await eraseBookingNotes(tx, bookingIds, now);
    const storageKeys = p.fileRows.flatMap((f) => [
      f.storedName,
      // the uploads feature keeps thumbnails under this folder (uploads.service thumbnailKey)
      ...(f.thumbnailName ? [`thumbnails/${f.thumbnailName}`] : []),
    ]);
    await tx
      .update(uploadedFiles)
      .set({ originalName: 'erased', s3Url: null, thumbnailName: null, uploadStatus: 'erased' })
      .where(
        anyOf(
          uploadedFiles.id,
          p.fileRows.map((f) => f.id),
        ),
      );
    const counts = {
      customers: 1,
      leads: leadIds.length,
      bookings: bookingIds.length,
      files: p.fileRows.length,
    };
    await tx.insert(privacyRequests).values({
      action: 'erase',
      customerId,
      staffUserId: staff.id,
      staffName: staff.name,
      counts,
      createdAt: now,
    });
    return { counts, storageKeys };
  });
}

/**
 * APP 12: everything held about one person as JSON (person.json), and their files under files/.
 * Secrets that are ours, not theirs (manage-link hashes, idempotency keys) are left out.
 */
export async function readPerson(
  db: Db,
  customerId: string,
  zipPathOf: (file: { id: string; originalName: string }) => string,
) {
  const p = await personRows(db, customerId);
  const { leadIds, sessionIds, bookingIds } = p;
  const sessionRows = await db.select().from(sessions).where(anyOf(sessions.id, sessionIds));
  const journeyRows = await db.select().from(journeys).where(anyOf(journeys.sessionId, sessionIds));
  const activityRows = await db
    .select()
    .from(activities)
    .where(
      or(
        eq(activities.customerId, customerId),
        anyOf(activities.leadId, leadIds),
        anyOf(activities.sessionId, sessionIds),
      ),
    );
  const messageRows = await db
    .select()
    .from(messageDeliveries)
    .where(
      or(anyOf(messageDeliveries.leadId, leadIds), anyOf(messageDeliveries.bookingId, bookingIds)),
    );
  const person = {
    customer: p.customer,
    leads: p.leadRows,
    sessions: sessionRows,
    // each return visit: what they typed that time (ADR 043), kept apart from the customer record
    visits: p.visitRows,
    journeys: journeyRows,
    bookings: p.bookingRows.map(
      ({ manageTokenHash: _hash, idempotencyKey: _key, ...booking }) => booking,
    ),
    activities: activityRows,
    messages: messageRows.map(({ jobId: _job, dedupeKey: _dedupe, ...message }) => message),
    files: p.fileRows.map((f) => ({ ...f, zipPath: zipPathOf(f) })),
  };
  return { person, fileRows: p.fileRows };
}

/** APP 12's log line: who exported whom, when, and how much (never the data itself). */
export async function recordExport(
  db: Db,
  customerId: string,
  staff: { id: string; name: string },
  now: Date,
  counts: { leads: number; bookings: number; files: number },
) {
  await db.insert(privacyRequests).values({
    action: 'export',
    customerId,
    staffUserId: staff.id,
    staffName: staff.name,
    counts,
    createdAt: now,
  });
}

/** When the customer was erased: null when not, undefined when there is no such record. */
export async function erasedAtOf(db: Db, customerId: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ erasedAt: customers.erasedAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ? row.erasedAt : undefined;
}
