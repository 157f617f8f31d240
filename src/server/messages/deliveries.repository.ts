import { and, desc, eq, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { kindsFor, type MessageKind, type MessageKindOf } from '#shared/admin/message-kinds.ts';
import type { Db } from '#server/db/client.ts';
import type { MessageChannel } from '#server/db/job-queue-schema.ts';
import { messageDeliveries } from '#server/db/schema/index.ts';

// The delivery rows: one per outbound message, the state staff see.
export type DeliveryRow = typeof messageDeliveries.$inferSelect;
export type DeliveryStatus =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'failed'
  | 'dead'
  | 'skipped'
  | 'cancelled'
  | 'superseded';

/** A message to queue: its kind is one its channel carries (src/shared/admin/message-kinds.ts). */
export type NewDelivery = {
  [C in MessageChannel]: DeliveryFields & { channel: C; kind: MessageKindOf<C> };
}[MessageChannel];

interface DeliveryFields {
  recipient: string;
  bookingId?: string | null;
  leadId?: string | null;
  payload?: Record<string, unknown>;
  dedupeKey?: string;
  sendAfter?: Date;
}

/**
 * The message, sent once per `subject` (a booking, a lead, a browser session): its dedupe key
 * names its kind and channel, `kind:channel:subject`.
 */
export function oncePer<M extends NewDelivery>(subject: string, message: M) {
  return { ...message, dedupeKey: `${message.kind}:${message.channel}:${subject}` };
}

/** Settled rows: a job that finds one of these (run twice, or retried by staff) sends nothing. */
export const settledStatuses: DeliveryStatus[] = [
  'sent',
  'delivered',
  'skipped',
  'cancelled',
  'superseded',
];

/** Waiting for a try (its first, or the next after a failure): what a change can still stop. */
const waitingStatuses: DeliveryStatus[] = ['queued', 'failed'];
const reminderKinds: MessageKind[] = ['reminder_24h', 'reminder_2h'];

/** What a cancel leaves to go: the cancellations themselves (the business's notices all go). */
const cancellationKinds: MessageKind[] = ['booking_cancelled', 'consultant_booking_cancelled'];

/**
 * A cancelled booking's customer and consultant messages still waiting (a text held by the quiet
 * hours, its reminders) are 'cancelled' at once, on the cancel's transaction, so the message log
 * never shows them "Queued" until their send time. The cancellations themselves, the business's
 * notices and the job tracker's update still go.
 */
export async function cancelWaitingDeliveries(tx: Db, bookingId: string) {
  const d = messageDeliveries;
  await tx
    .update(d)
    .set({ status: 'cancelled', lastError: 'The booking was cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(d.bookingId, bookingId),
        inArray(d.status, waitingStatuses),
        inArray(d.channel, ['email', 'sms']),
        notInArray(d.kind, [...cancellationKinds, ...kindsFor('business')]),
      ),
    );
}

/**
 * A moved booking's reminders for its earlier time are 'superseded' at once (the move queues new
 * ones, keyed by the new time).
 */
export async function supersedeReminders(tx: Db, bookingId: string, start: Date) {
  const d = messageDeliveries;
  await tx
    .update(d)
    .set({
      status: 'superseded',
      lastError: 'The booking moved: reminders for the new time replace it',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(d.bookingId, bookingId),
        inArray(d.status, waitingStatuses),
        inArray(d.kind, reminderKinds),
        sql`${d.payload}->>'start' is distinct from ${start.toISOString()}`,
      ),
    );
}

/** The rows that were new (a dedupe key used before skips its row), with their job ids. */
export async function insertDeliveries(tx: Db, rows: (NewDelivery & { jobId: string })[]) {
  const inserted = await tx
    .insert(messageDeliveries)
    .values(rows.map((row) => ({ ...row, payload: row.payload ?? {} })))
    .onConflictDoNothing({ target: messageDeliveries.dedupeKey })
    .returning({ id: messageDeliveries.id, jobId: messageDeliveries.jobId });
  return inserted.map((row) => ({ id: row.id, jobId: row.jobId ?? '' }));
}

export async function findDelivery(db: Db, id: string) {
  const [row] = await db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id));
  return row ?? null;
}

/**
 * Claims the row for one try: 'sending' under a lease of `leaseSeconds`, so two jobs for one
 * delivery (a Retry-After's fresh job beside an expired one) never send at once. 'settled' when
 * it went already (a job run twice sends once), 'busy' while another try holds the lease.
 */
export async function claimDelivery(
  db: Db,
  id: string,
  leaseSeconds: number,
): Promise<DeliveryRow | 'settled' | 'busy'> {
  const d = messageDeliveries;
  const [row] = await db
    .update(d)
    .set({ status: 'sending', attempts: sql`${d.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(d.id, id),
        notInArray(d.status, settledStatuses),
        sql`not (${d.status} = 'sending' and ${d.updatedAt} > now() - make_interval(secs => ${leaseSeconds}))`,
      ),
    )
    .returning();
  if (row) return row;
  const current = await findDelivery(db, id);
  return !current || settledStatuses.includes(current.status as DeliveryStatus)
    ? 'settled'
    : 'busy';
}

export async function settle(
  db: Db,
  id: string,
  change: {
    status: DeliveryStatus;
    lastError?: string | null;
    provider?: string;
    providerMessageId?: string | null;
    sentAt?: Date;
  },
) {
  await db
    .update(messageDeliveries)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(messageDeliveries.id, id));
}

/** A provider's receipt (Twilio's status callback): delivered, or failed after all. */
export async function recordReceipt(
  db: Db,
  providerMessageId: string,
  receipt: { delivered: true; at: Date } | { delivered: false; error: string },
) {
  const change = receipt.delivered
    ? { status: 'delivered', deliveredAt: receipt.at }
    : { status: 'dead', lastError: receipt.error };
  await db
    .update(messageDeliveries)
    .set({ ...change, updatedAt: sql`now()` })
    .where(
      and(
        eq(messageDeliveries.providerMessageId, providerMessageId),
        inArray(messageDeliveries.status, ['sent', 'delivered']),
      ),
    );
}

export interface DeliveryFilter {
  status?: DeliveryStatus | undefined;
  channel?: MessageChannel | undefined;
  bookingId?: string | undefined;
  leadId?: string | undefined;
  /** Keyset: rows strictly older than this (createdAt, id). */
  before?: { createdAt: Date; id: string } | undefined;
  limit: number;
}

export function listDeliveries(db: Db, filter: DeliveryFilter) {
  const d = messageDeliveries;
  const conditions = [
    filter.status ? eq(d.status, filter.status) : undefined,
    filter.channel ? eq(d.channel, filter.channel) : undefined,
    filter.bookingId ? eq(d.bookingId, filter.bookingId) : undefined,
    filter.leadId ? eq(d.leadId, filter.leadId) : undefined,
    filter.before &&
      or(
        lt(d.createdAt, filter.before.createdAt),
        and(eq(d.createdAt, filter.before.createdAt), lt(d.id, filter.before.id)),
      ),
  ];
  return db
    .select()
    .from(d)
    .where(and(...conditions))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(filter.limit);
}

export async function countByStatus(db: Db) {
  const rows = await db
    .select({ status: messageDeliveries.status, count: sql<number>`count(*)::int` })
    .from(messageDeliveries)
    .groupBy(messageDeliveries.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count])) as Partial<
    Record<DeliveryStatus, number>
  >;
}

/** A test e-mail that a mail server took (one written to the log only does not count). */
export async function hasSentTestEmail(db: Db) {
  const [row] = await db
    .select({ id: messageDeliveries.id })
    .from(messageDeliveries)
    .where(
      and(
        eq(messageDeliveries.kind, 'test'),
        eq(messageDeliveries.channel, 'email'),
        inArray(messageDeliveries.status, ['sent', 'delivered']),
        ne(messageDeliveries.provider, 'log'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Staff's Retry: the message is queued again, on the fresh job that will send it. */
export async function requeueDelivery(tx: Db, id: string, jobId: string | null) {
  await tx
    .update(messageDeliveries)
    .set({ status: 'queued', jobId, updatedAt: sql`now()` })
    .where(eq(messageDeliveries.id, id));
}
