import {
  messageStatuses,
  messagesMessages as mm,
  type MessageChannelName,
  type TestChannel,
  type MessageStatus,
} from '#shared/admin/messages.contract.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import {
  countByStatus,
  findDelivery,
  listDeliveries,
  requeueDelivery,
  type DeliveryRow,
} from '#server/messages/deliveries.repository.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { toMessageDto } from '#server/messages/message-dto.ts';
import { staffRecipient, staffRecipientKeys } from '#server/messages/staff-recipient.ts';

export { toMessageDto };
import type { Outbox } from '#server/messages/outbox.ts';

const noMessages = () =>
  Object.fromEntries(messageStatuses.map((status) => [status, 0])) as Record<MessageStatus, number>;

// Keyset cursor: the last row's (createdAt, id), so a page never repeats or skips rows while new
// messages arrive at the top.
const encodeCursor = (row: DeliveryRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw HttpError.badRequest(mm.cursor, { cursor: mm.cursor });
  }
  return { createdAt, id };
}

export async function listMessages(
  db: Db,
  query: {
    status?: MessageStatus | undefined;
    channel?: MessageChannelName | undefined;
    bookingId?: string | undefined;
    leadId?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const { cursor, limit, ...filter } = query;
  const rows = await listDeliveries(db, {
    ...filter,
    before: cursor ? decodeCursor(cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: page.map(toMessageDto),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    counts: { ...noMessages(), ...(await countByStatus(db)) },
  };
}

/** Staff's Retry: a failed or dead message gets a fresh job with the full set of tries. */
export async function retryMessage(db: Db, outbox: Outbox, id: string) {
  const row = await findDelivery(db, id);
  if (!row) throw HttpError.notFound(mm.notFound);
  if (row.status !== 'failed' && row.status !== 'dead') {
    throw HttpError.conflict(mm.notRetryable);
  }
  await db.transaction(async (tx) => {
    const jobId = await outbox.queue.sendInTransaction(tx, row.channel, {
      deliveryId: id,
    });
    await requeueDelivery(tx, id, jobId);
  });
  return toMessageDto((await findDelivery(db, id)) ?? row);
}

/**
 * "Send test": a message through the channel as configured now, to the business itself (its
 * e-mail, the webhook URL, GA4's collect endpoint, the job tracker) or, for a text, to the mobile
 * the admin gave (`to`, +61…: the business's own number is often a landline no text reaches).
 */
export async function sendTestMessage(
  db: Db,
  outbox: Outbox,
  { channel, to }: { channel: TestChannel; to?: string | undefined },
  now: Date,
) {
  const s = await readSettings(db, [...staffRecipientKeys, 'form_webhook_url']);
  const recipients: Record<TestChannel, unknown> = {
    email: await staffRecipient(db, s),
    sms: to,
    webhook: s.form_webhook_url,
    ga4: 'Google Analytics',
    job_tracker: 'job tracker',
  };
  const recipient = recipients[channel];
  const id = await db.transaction((tx) =>
    outbox.put(tx, {
      channel,
      kind: 'test',
      recipient: typeof recipient === 'string' && recipient ? recipient : 'not configured',
      payload: { requestedAt: now.toISOString() },
    }),
  );
  const row = id && (await findDelivery(db, id));
  if (!row) throw new Error('the test message was not queued');
  return toMessageDto(row);
}
