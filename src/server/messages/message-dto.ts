import type { Message, MessageStatus } from '#shared/admin/messages.contract.ts';
import type { DeliveryRow } from './deliveries.repository';

// A delivery row as staff see it: Settings → Messages and the lead detail show the same shape.

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toMessageDto(row: DeliveryRow): Message {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    status: row.status as MessageStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    provider: row.provider,
    bookingId: row.bookingId,
    leadId: row.leadId,
    sendAfter: row.sendAfter.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
