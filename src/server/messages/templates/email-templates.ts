import type { MessageKindOf } from '#shared/admin/message-kinds.ts';
import type { BookingChangePayload } from '#server/messages/booking-change-messages.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import type {
  BookingMessageContext,
  BusinessDetails,
  LeadMessageContext,
} from '#server/messages/message-context.ts';
import {
  bookingCancelledNoticeEmail,
  bookingChangedEmail,
  newBookingEmail,
  newLeadEmail,
  testEmail,
} from './business-emails';
import { backupFailedEmail } from './backup-emails';
import {
  consultantCancelledEmail,
  consultantMovedEmail,
  consultantNewEmail,
} from './consultant-notices';
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingReminderEmail,
  bookingRescheduledEmail,
  bookingUpdatedEmail,
} from './customer-emails';
import type { EmailContent } from './email-layout';

// Which e-mail each kind is, and what it is written from. A Record over every kind that goes by
// e-mail (src/shared/admin/message-kinds.ts): a new one without its template fails typecheck.

export type EmailTemplate =
  /** About the business itself (the test). */
  | { about: 'business'; write: (business: BusinessDetails, delivery: DeliveryRow) => EmailContent }
  /** `timeZone`: the booking rules' zone (a lead has no booking to take it from). */
  | { about: 'lead'; write: (ctx: LeadMessageContext, timeZone: string) => EmailContent }
  | {
      about: 'booking';
      write: (ctx: BookingMessageContext, delivery: DeliveryRow) => EmailContent;
      /**
       * The calendar invitation attached: the entry made or updated, or removed (the customer's,
       * or the consultant's for their notices).
       */
      invitation?: 'REQUEST' | 'CANCEL';
      /** A customer's e-mail that still goes once the booking is cancelled (the business's all do). */
      sentOnceCancelled?: true;
      /** Goes only while due for the booking as it is now (reminderStillDue). */
      reminder?: true;
    };

export const emailTemplates: Record<MessageKindOf<'email'>, EmailTemplate> = {
  test: { about: 'business', write: testEmail },
  backup_failed: { about: 'business', write: backupFailedEmail },
  business_new_lead: { about: 'lead', write: newLeadEmail },
  booking_confirmed: { about: 'booking', write: bookingConfirmedEmail, invitation: 'REQUEST' },
  booking_rescheduled: { about: 'booking', write: bookingRescheduledEmail, invitation: 'REQUEST' },
  booking_updated: { about: 'booking', write: bookingUpdatedEmail, invitation: 'REQUEST' },
  booking_cancelled: {
    about: 'booking',
    write: bookingCancelledEmail,
    invitation: 'CANCEL',
    sentOnceCancelled: true,
  },
  reminder_24h: {
    about: 'booking',
    write: (ctx) => bookingReminderEmail(ctx, '24h'),
    reminder: true,
  },
  reminder_2h: {
    about: 'booking',
    write: (ctx) => bookingReminderEmail(ctx, '2h'),
    reminder: true,
  },
  business_new_booking: { about: 'booking', write: newBookingEmail },
  business_booking_cancelled: { about: 'booking', write: bookingCancelledNoticeEmail },
  business_booking_changed: {
    about: 'booking',
    write: (ctx, delivery) =>
      bookingChangedEmail(ctx, delivery.payload as Partial<BookingChangePayload>),
  },
  // whether one still goes is the consultant's check (handlers/consultant-check.ts)
  consultant_booking_new: { about: 'booking', write: consultantNewEmail, invitation: 'REQUEST' },
  consultant_booking_moved: {
    about: 'booking',
    write: consultantMovedEmail,
    invitation: 'REQUEST',
  },
  consultant_booking_cancelled: {
    about: 'booking',
    write: consultantCancelledEmail,
    invitation: 'CANCEL',
  },
};
