import type { MessageChannelName } from './messages.contract';

// Every kind of outbound message, once: the channels it goes by, whom it is for, and its name in
// Settings → Messages and on a lead. The outbox, the templates, the handlers and the log screen
// are typed from this list, so a new kind is one entry here plus what the typecheck then asks for
// (its planner, its template for each channel, its handling).

interface MessageKindInfo {
  channels: readonly MessageChannelName[];
  /**
   * customer: about their booking (held back once it is cancelled); business: a notice to the
   * business, sent whatever became of the booking; consultant: to the consultant whose booking it
   * is, or was (sent while still true of the booking); service: to another system.
   */
  audience: 'customer' | 'business' | 'consultant' | 'service';
  /** What staff read in the message log. */
  label: string;
}

export const messageKinds = {
  booking_confirmed: {
    channels: ['email', 'sms'],
    audience: 'customer',
    label: 'Booking confirmation',
  },
  booking_rescheduled: { channels: ['email'], audience: 'customer', label: 'Booking moved' },
  booking_updated: {
    channels: ['email'],
    audience: 'customer',
    label: 'Booking updated (new type)',
  },
  booking_cancelled: { channels: ['email'], audience: 'customer', label: 'Booking cancelled' },
  reminder_24h: { channels: ['email', 'sms'], audience: 'customer', label: 'Reminder (24 hours)' },
  reminder_2h: { channels: ['email', 'sms'], audience: 'customer', label: 'Reminder (2 hours)' },
  business_new_booking: {
    channels: ['email'],
    audience: 'business',
    label: 'New booking (to you)',
  },
  business_booking_changed: {
    channels: ['email'],
    audience: 'business',
    label: 'Booking changed (to you)',
  },
  business_booking_cancelled: {
    channels: ['email'],
    audience: 'business',
    label: 'Booking cancelled (to you)',
  },
  business_new_lead: { channels: ['email'], audience: 'business', label: 'New lead (to you)' },
  // two scheduled or manual backups in a row failed (issue 31): once per streak of failures
  backup_failed: { channels: ['email'], audience: 'business', label: 'Backups failing (to you)' },
  // the consultant's own bookings (issue 28): a reassignment is 'cancelled' for the one who had
  // it and 'new' for the one who gets it
  consultant_booking_new: {
    channels: ['email', 'sms'],
    audience: 'consultant',
    label: 'New booking (to the consultant)',
  },
  consultant_booking_moved: {
    channels: ['email', 'sms'],
    audience: 'consultant',
    label: 'Booking moved (to the consultant)',
  },
  consultant_booking_cancelled: {
    channels: ['email', 'sms'],
    audience: 'consultant',
    label: 'Booking cancelled (to the consultant)',
  },
  // a booking written into (or taken out of) the consultant's CalDAV calendar (issue 29)
  calendar_event: {
    channels: ['calendar'],
    audience: 'service',
    label: "Booking in the consultant's calendar",
  },
  form_completion: { channels: ['webhook'], audience: 'service', label: 'Form webhook' },
  trak_create_job: { channels: ['job_tracker'], audience: 'service', label: 'New job' },
  trak_update_job: { channels: ['job_tracker'], audience: 'service', label: 'Job update' },
  // GA4's recommended lead events (src/server/integrations/ga4/lead-events.ts)
  generate_lead: { channels: ['ga4'], audience: 'service', label: 'Lead event: new lead' },
  working_lead: { channels: ['ga4'], audience: 'service', label: 'Lead event: being worked' },
  qualify_lead: { channels: ['ga4'], audience: 'service', label: 'Lead event: booked' },
  close_convert_lead: { channels: ['ga4'], audience: 'service', label: 'Lead event: won' },
  close_unconvert_lead: { channels: ['ga4'], audience: 'service', label: 'Lead event: lost' },
  // "Send test" in Settings → Messages: the business checking its own set-up, on any channel
  test: {
    channels: ['email', 'sms', 'webhook', 'ga4', 'job_tracker'],
    audience: 'business',
    label: 'Test',
  },
} as const satisfies Record<string, MessageKindInfo>;

export type MessageKind = keyof typeof messageKinds;

/** The kinds a channel carries: an e-mail is never a 'form_completion'. */
export type MessageKindOf<C extends MessageChannelName> = {
  [K in MessageKind]: C extends (typeof messageKinds)[K]['channels'][number] ? K : never;
}[MessageKind];

/** Every kind, for z.enum. */
export const messageKindNames = Object.keys(messageKinds) as [MessageKind, ...MessageKind[]];

const infoOf = (kind: string): MessageKindInfo | undefined =>
  Object.hasOwn(messageKinds, kind) ? messageKinds[kind as MessageKind] : undefined;

export const isMessageKind = (kind: string): kind is MessageKind => infoOf(kind) !== undefined;

/** True when `channel` carries `kind` (a stored row's kind is checked with this before use). */
export function isKindOf<C extends MessageChannelName>(
  kind: string,
  channel: C,
): kind is MessageKindOf<C> {
  return infoOf(kind)?.channels.includes(channel) ?? false;
}

/** The kinds sent to one audience. */
export const kindsFor = (audience: MessageKindInfo['audience']): MessageKind[] =>
  messageKindNames.filter((kind) => messageKinds[kind].audience === audience);
