import type { MessageKind } from '#shared/admin/message-kinds.ts';
import type { BookingRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { toAustralianMobile } from '#server/integrations/sms/au-mobile.ts';
import { smsSendableAt } from '#server/integrations/sms/quiet-hours.ts';
import { hasCaldavCalendar } from '#server/db/consultant-calendar-store.ts';
import { findConsultant } from '#server/db/consultant-store.ts';
import { readSettings } from '#server/db/settings-store.ts';
import type { SettingValues } from '#shared/settings/settings-registry.ts';
import { planCalendarWrites } from './calendar-writes';
import {
  consultantContact,
  planConsultantNotices,
  type BookingBeforeMove,
  type ConsultantContact,
} from './consultant-notices';
import { findBookingWithCustomer, isOptedOut } from './message-facts.repository';
import {
  cancelWaitingDeliveries,
  oncePer,
  supersedeReminders,
  type NewDelivery,
} from './deliveries.repository';
import type { Outbox } from './outbox';
import { staffRecipient, staffRecipientKeys } from './staff-recipient';

// Which messages a booking's change sends, decided on the change's own transaction. Rendering
// waits for the worker, which reads the booking as it is then (a reminder for a moved booking
// finds out and skips itself).

/** 'updated': another consultation type (with or without a new time), a new confirmation. */
export type BookingEvent = 'created' | 'rescheduled' | 'updated' | 'cancelled';

/** The customer's e-mail about each change (and, for a new booking, their text). */
const customerKinds = {
  created: 'booking_confirmed',
  rescheduled: 'booking_rescheduled',
  updated: 'booking_updated',
  cancelled: 'booking_cancelled',
} as const satisfies Record<BookingEvent, MessageKind>;

const hour = 3_600_000;
const reminders = [
  ['reminder_24h', 24 * hour],
  ['reminder_2h', 2 * hour],
] as const satisfies [MessageKind, number][];

/** What deciding a booking's messages needs, read before or inside the change's transaction. */
export interface BookingMessageFacts {
  booking: Pick<
    BookingRow,
    'id' | 'leadId' | 'staffId' | 'startTime' | 'calendarSequence' | 'trakJobId'
  >;
  customer: { email: string; phone: string } | null;
  /** The customer's Australian mobile, when they have one and have not opted out of texts. */
  textableMobile: string | undefined;
  /** Where staff notices go (staffRecipient); undefined: none are sent. */
  staffEmail: string | undefined;
  /** The booking's consultant (staff_id), told of their own bookings; null: none on file. */
  consultant: ConsultantContact | null;
  /** A move's or reassignment's booking as it was (the consultant who had it is told). */
  before?: BookingBeforeMove | undefined;
  /** The setting trak_enabled as stored (absent: undefined). */
  trakEnabled: boolean | undefined;
}

/** A booking as it was before a change: its time and whose it was. */
export type BookingBeforeChange = Pick<BookingRow, 'startTime' | 'staffId'>;

/** `before`: the booking before a move (a reassignment is one), so its consultant hears of it. */
export async function queueBookingMessages(
  tx: Db,
  outbox: Outbox,
  event: BookingEvent,
  bookingId: string,
  now: Date,
  before?: BookingBeforeChange,
) {
  const facts = await readBookingMessageFacts(tx, bookingId, before);
  if (!facts) return;
  await retireStaleDeliveries(tx, event, facts.booking);
  await outbox.putAll(tx, planBookingMessages(event, facts, now));
}

/** What a cancel or a move makes pointless is settled at once, so the log says so at once. */
export async function retireStaleDeliveries(
  tx: Db,
  event: BookingEvent,
  booking: Pick<BookingRow, 'id' | 'startTime'>,
) {
  if (event === 'cancelled') await cancelWaitingDeliveries(tx, booking.id);
  if (event === 'rescheduled' || event === 'updated') {
    await supersedeReminders(tx, booking.id, booking.startTime);
  }
}

/** The facts of a stored booking (null when it is gone), read on the change's transaction. */
export async function readBookingMessageFacts(
  tx: Db,
  bookingId: string,
  before?: BookingBeforeChange,
): Promise<(BookingMessageFacts & { booking: BookingRow }) | null> {
  const found = await findBookingWithCustomer(tx, bookingId);
  if (!found) return null;
  const { booking, customer } = found;
  const settings = await readSettings(tx, [...staffRecipientKeys, 'trak_enabled']);
  const recipients = await bookingRecipients(tx, customer, booking.staffId, settings);
  return {
    booking,
    customer,
    ...recipients,
    ...(before && { before: await beforeMove(tx, before, booking.staffId, recipients.consultant) }),
    trakEnabled: settings.trak_enabled,
  };
}

/**
 * Who hears of a booking besides the customer's e-mail: their mobile, the business, the
 * consultant. Read alike for a booking being made (bookings.service.ts) and a stored one.
 */
export async function bookingRecipients(
  db: Db,
  customer: { phone: string } | null,
  staffId: string,
  settings: SettingValues<(typeof staffRecipientKeys)[number]>,
) {
  return {
    textableMobile: await textableMobile(db, customer),
    staffEmail: await staffRecipient(db, settings),
    consultant: await consultantOf(db, staffId),
  };
}

/** The consultant (null: none on file), and whether their calendar receives the booking. */
async function consultantOf(db: Db, staffId: string) {
  return consultantContact(await findConsultant(db, staffId), await hasCaldavCalendar(db, staffId));
}

async function beforeMove(
  db: Db,
  before: BookingBeforeChange,
  staffId: string,
  consultant: ConsultantContact | null,
): Promise<BookingBeforeMove> {
  const same = before.staffId === staffId;
  return {
    startTime: before.startTime,
    staffId: before.staffId,
    consultant: same ? consultant : await consultantOf(db, before.staffId),
  };
}

/** The customer's mobile when texts may go to it (an Australian mobile, not opted out). */
export async function textableMobile(db: Db, customer: { phone: string } | null) {
  const mobile = customer ? toAustralianMobile(customer.phone) : undefined;
  return mobile !== undefined && !(await isOptedOut(db, mobile)) ? mobile : undefined;
}

/** The messages a booking's change sends (written by the caller with outbox.putAll). */
export function planBookingMessages(
  event: BookingEvent,
  facts: BookingMessageFacts,
  now: Date,
): NewDelivery[] {
  const { booking, customer, textableMobile: mobile, staffEmail, trakEnabled } = facts;
  const start = booking.startTime;
  const messages: NewDelivery[] = [];
  // each once per booking (and `extra`: the calendar version, the reminder's start time)
  const put = (message: NewDelivery, extra = '') =>
    messages.push(
      oncePer(`${booking.id}${extra}`, {
        bookingId: booking.id,
        leadId: booking.leadId,
        ...message,
      }),
    );
  const smsAllowed = mobile !== undefined;

  const kind = customerKinds[event];
  // a move or a new type changes the calendar entry: one message per version of it
  const version =
    event === 'rescheduled' || event === 'updated' ? `:${booking.calendarSequence}` : '';
  if (customer?.email) {
    put({ channel: 'email', kind, recipient: customer.email }, version);
  }
  if (event === 'created' && staffEmail) {
    put({ channel: 'email', kind: 'business_new_booking', recipient: staffEmail });
  }
  if (event === 'created' && smsAllowed) {
    put({
      channel: 'sms',
      kind: customerKinds.created,
      recipient: mobile,
      sendAfter: smsSendableAt(now),
    });
  }
  if (event !== 'cancelled' && customer) {
    queueReminders(put, { email: customer.email, mobile }, start, now);
  }
  messages.push(...planConsultantNotices(event, facts, now), ...planCalendarWrites(event, facts));
  if (trakEnabled === true || booking.trakJobId) {
    const trakKind = event === 'created' ? 'trak_create_job' : 'trak_update_job';
    put(
      { channel: 'job_tracker', kind: trakKind, recipient: 'job tracker', payload: { event } },
      `:${event}${version}`,
    );
  }
  return messages;
}

/**
 * Reminders 24 h and 2 h before, for this start time (the key holds it, so a move queues new
 * ones and the old ones skip themselves). A text due in the quiet hours goes at 08:00, or not at
 * all when the appointment comes first.
 */
function queueReminders(
  put: (message: NewDelivery, extra: string) => void,
  to: { email: string; mobile: string | undefined },
  start: Date,
  now: Date,
) {
  for (const [kind, lead] of reminders) {
    const due = new Date(start.getTime() - lead);
    if (due <= now) continue;
    const payload = { start: start.toISOString() };
    const extra = `:${start.toISOString()}`;
    if (to.email) {
      put({ channel: 'email', kind, recipient: to.email, payload, sendAfter: due }, extra);
    }
    const textAt = smsSendableAt(due);
    if (to.mobile && textAt < start) {
      put({ channel: 'sms', kind, recipient: to.mobile, payload, sendAfter: textAt }, extra);
    }
  }
}
