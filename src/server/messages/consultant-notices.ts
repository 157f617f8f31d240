import type { BookingRow } from '#server/db/booking-store.ts';
import type { ConsultantRow } from '#server/db/consultant-store.ts';
import { toAustralianMobile } from '#server/integrations/sms/au-mobile.ts';
import { smsSendableAt } from '#server/integrations/sms/quiet-hours.ts';
import type { BookingEvent } from './booking-messages';
import { oncePer, type NewDelivery } from './deliveries.repository';

// Each consultant hears of their own bookings (issue 28, ADR 052): new, moved and cancelled, by
// e-mail with the calendar entry and by text when they have a mobile. Decided with the customer's
// messages, on the change's own transaction (booking-messages.ts).

/**
 * Where a consultant's notices go, as the consultants screen keeps them; `caldav`: their
 * bookings are written into their CalDAV calendar too (issue 29).
 */
export type ConsultantContact = Pick<ConsultantRow, 'id' | 'name' | 'email' | 'mobile'> & {
  caldav?: boolean;
};

export const consultantContact = (
  row: ConsultantRow | null,
  caldav = false,
): ConsultantContact | null =>
  row && { id: row.id, name: row.name, email: row.email, mobile: row.mobile, caldav };

/** The booking before a move or a reassignment, and whose it was. */
export interface BookingBeforeMove {
  startTime: Date;
  staffId: string;
  /** The consultant it was given by (read only when another has it now); null: none on file. */
  consultant: ConsultantContact | null;
}

/** What a consultant's notice carries besides the booking (read fresh when it goes). */
export interface ConsultantNoticePayload {
  /** Whose notice it is: it goes only while still true of them (handlers/consultant-check.ts). */
  consultantId: string;
  /** Their name when it was queued: the greeting, and the calendar entry's attendee. */
  consultantName: string;
  /** reassigned: staff gave the booking to them, or away from them; updated: another type. */
  why?: 'reassigned' | 'updated';
  /** A move's earlier start (ISO). */
  was?: string;
}

type ConsultantKind =
  'consultant_booking_new' | 'consultant_booking_moved' | 'consultant_booking_cancelled';

export interface ConsultantFacts {
  booking: Pick<BookingRow, 'id' | 'leadId' | 'staffId' | 'startTime' | 'calendarSequence'>;
  /** The booking's consultant (staff_id); null when no consultant has that id. */
  consultant: ConsultantContact | null;
  before?: BookingBeforeMove | undefined;
}

/**
 * A new or cancelled booking is new or cancelled for its consultant. A move or another type at
 * the same consultant is 'moved' for them; a change that gives it to another consultant (staff
 * reassigning, or a customer's new time that another consultant took) is cancelled for the one
 * who had it and new for the one who has it now.
 */
export function planConsultantNotices(
  event: BookingEvent,
  { booking, consultant, before }: ConsultantFacts,
  now: Date,
): NewDelivery[] {
  const notices: NewDelivery[] = [];
  const tell = (
    to: ConsultantContact | null,
    kind: ConsultantKind,
    more: Pick<ConsultantNoticePayload, 'why' | 'was'> = {},
  ) => {
    if (!to) return;
    const payload: ConsultantNoticePayload = {
      consultantId: to.id,
      consultantName: to.name,
      ...more,
    };
    // once per consultant and calendar version: given back later, they hear of it again
    const subject = `${booking.id}:${to.id}:${booking.calendarSequence}`;
    const message = { bookingId: booking.id, leadId: booking.leadId, payload: { ...payload } };
    if (to.email) {
      notices.push(oncePer(subject, { ...message, channel: 'email', kind, recipient: to.email }));
    }
    // Staff texts keep the customers' quiet hours: the e-mail with the calendar file goes at
    // once and updates their calendar, so a text at night would only wake them; it waits for
    // 08:00, and is not sent when the appointment begins first. The STOP list is not asked:
    // it is customers' replies; a consultant's texts stop when the mobile leaves their record.
    const mobile = to.mobile ? toAustralianMobile(to.mobile) : undefined;
    const textAt = smsSendableAt(now);
    if (mobile && textAt < booking.startTime) {
      notices.push(
        oncePer(subject, {
          ...message,
          channel: 'sms',
          kind,
          recipient: mobile,
          sendAfter: textAt,
        }),
      );
    }
  };

  if (event === 'created') tell(consultant, 'consultant_booking_new');
  else if (event === 'cancelled') tell(consultant, 'consultant_booking_cancelled');
  else if (before && before.staffId !== booking.staffId) {
    tell(before.consultant, 'consultant_booking_cancelled', { why: 'reassigned' });
    tell(consultant, 'consultant_booking_new', { why: 'reassigned' });
  } else {
    const moved = before && before.startTime.getTime() !== booking.startTime.getTime();
    tell(consultant, 'consultant_booking_moved', {
      ...(event === 'updated' && { why: 'updated' as const }),
      ...(moved && { was: before.startTime.toISOString() }),
    });
  }
  return notices;
}
