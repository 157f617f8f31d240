import { isMessageKind, messageKinds } from '#shared/admin/message-kinds.ts';
import {
  channelLabels,
  statusLabels,
  type Message,
  type MessageChannelName,
  type TestChannel,
} from '#shared/admin/messages.contract.ts';
import { businessTimeZone } from './melbourne-time';

// What each message is, in words (src/shared/admin/message-kinds.ts): Settings → Messages and a
// lead's messages on /leads/:id say it alike. A kind this bundle does not know (a newer server's)
// is still shown, spelled out from its name.
export function kindLabel(kind: string): string {
  if (isMessageKind(kind)) return messageKinds[kind].label;
  const words = kind.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Sent to the server log: no provider is set up, so nothing actually left the app. */
export const notConfigured = 'Logged only (no provider set up)';

export function stateLabel(message: Message): string {
  if (message.provider === 'log' && message.status === 'sent') return notConfigured;
  return statusLabels[message.status];
}

export const canRetry = (message: Message) =>
  message.status === 'failed' || message.status === 'dead';

/** The label of each channel's "Send test" button. */
export const testLabels: Record<TestChannel, string> = {
  email: 'Send a test e-mail',
  sms: 'Send a test text message',
  webhook: 'Send a test webhook',
  ga4: 'Send a test to Google Analytics',
  job_tracker: 'Send a test to the job tracker',
};

export const channelLabel = (channel: MessageChannelName) => channelLabels[channel];

const timeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: businessTimeZone,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "Mon 23 Nov, 9:05 am" in the business's zone. */
export function shortTime(iso: string): string {
  const parts = Object.fromEntries(
    timeFormat.formatToParts(Date.parse(iso)).map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  const period = (parts.dayPeriod ?? '').toLowerCase();
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${period}`;
}

/** The moment that matters most for the row's state, with what happened then. */
export function whenLabel(message: Message, now: number): string {
  if (message.deliveredAt) return `Delivered ${shortTime(message.deliveredAt)}`;
  if (message.sentAt) {
    return `${message.provider === 'log' ? 'Logged' : 'Sent'} ${shortTime(message.sentAt)}`;
  }
  if (canRetry(message)) return `Last tried ${shortTime(message.updatedAt)}`;
  if (message.status === 'queued' && Date.parse(message.sendAfter) > now) {
    return `Due ${shortTime(message.sendAfter)}`;
  }
  return `Queued ${shortTime(message.createdAt)}`;
}
