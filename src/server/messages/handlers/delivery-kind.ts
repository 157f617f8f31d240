import { isKindOf, type MessageKindOf } from '#shared/admin/message-kinds.ts';
import type { MessageChannel } from '#server/db/job-queue-schema.ts';
import { PermanentDeliveryError } from '#server/integrations/delivery.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';

/**
 * The delivery's kind, as one its channel carries. The outbox only writes such pairs
 * (NewDelivery); a stored row is still checked, and one of another kind fails for good.
 */
export function kindOn<C extends MessageChannel>(
  delivery: DeliveryRow,
  channel: C,
  /** What the channel sends, for the error: 'e-mail', 'text message', … */
  what: string,
): MessageKindOf<C> {
  const { kind } = delivery;
  if (isKindOf(kind, channel)) return kind;
  throw new PermanentDeliveryError(`No ${what} is written for "${kind}"`);
}
