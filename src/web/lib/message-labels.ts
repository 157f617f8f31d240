import {
  channelLabels,
  statusLabels,
  type Message,
  type MessageChannelName,
} from '#shared/admin/messages.contract.ts';
import { businessTimeZone } from './melbourne-time';

// What each message is, in words: Settings → Messages and a lead's messages on /leads/:id say it
// alike. The kinds are the server's (src/server/messages); one this screen does not know yet is
// still shown, spelled out from its name.
const kindLabels: Record<string, string> = {
  booking_confirmed: 'Booking confirmation',
  booking_rescheduled: 'Booking moved',
  booking_updated: 'Booking updated (new type)',
  booking_cancelled: 'Booking cancelled',
  reminder_24h: 'Reminder (24 hours)',
  reminder_2h: 'Reminder (2 hours)',
  business_new_booking: 'New booking (to you)',
  business_booking_changed: 'Booking changed (to you)',
  business_booking_cancelled: 'Booking cancelled (to you)',
  business_new_lead: 'New lead (to you)',
  form_completion: 'Form webhook',
  trak_create_job: 'New job',
  trak_update_job: 'Job update',
  generate_lead: 'Lead event: new lead',
  working_lead: 'Lead event: being worked',
  qualify_lead: 'Lead event: booked',
  close_convert_lead: 'Lead event: won',
  close_unconvert_lead: 'Lead event: lost',
  test: 'Test',
};

export function kindLabel(kind: string): string {
  const known = kindLabels[kind];
  if (known) return known;
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
export const testLabels: Record<MessageChannelName, string> = {
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
