import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { onsiteSchema } from '#shared/estimate/estimate.contract.ts';
import { bookingDaySchema, timeSlotSchema } from './slot.contract';

// Availability, holds, bookings and the manage link (ADR 007). Times carry their offset.
export const bookingMessages = {
  slotTaken: 'That time has just been taken. Please choose another.',
  notASlot: 'That time is not one we offer. Please choose one of the times shown.',
  unknownStaff: 'That consultant is not taking bookings. Please choose another time.',
  holdNotFound: 'That hold no longer exists. Please choose a time again.',
  holdExpired: 'Your hold on that time has expired. Please choose a time again.',
  releaseAfter: 'Use a whole number of seconds from 1 to 60.',
  dateInvalid: 'Use a date like 2026-11-23 (YYYY-MM-DD).',
  rangeOrder: 'The end date must be on or after the start date.',
  startTimeInvalid: 'Use a date-time with its offset, like 2026-11-25T09:00:00+11:00.',
  serviceType: 'Please choose a phone or onsite consultation.',
  promoMismatch: 'Please update your estimate with this promo code before booking.',
  idempotencyReused: 'That request key was already used for another booking.',
  bookingNotFound: 'Booking not found.',
  holdForOtherService:
    'That time was held for another type of consultation. Please choose a time again.',
  manageNotFound: 'We could not find that booking. Please check the link in your confirmation.',
  cancelled: 'This booking has been cancelled.',
  past: 'This booking has already started, so it can no longer be changed.',
  changed: 'This booking has just been changed. Please reload it and try again.',
  nothingToChange: 'Choose a new time, or change the consultation type or notes.',
  holdNeedsSession: 'A new time needs the session that holds it.',
  sessionNotFound: 'Session not found.',
  sessionNotBooked: 'That session has not completed a booking.',
  sessionFollowsOther: 'That session already follows another booking.',
} as const;
const m = bookingMessages;

export function onsiteRefusal(threshold: number): string {
  return `Onsite consultations need at least ${threshold} panes. Please choose a phone consultation.`;
}

export const serviceTypeSchema = z.enum(['phone', 'onsite'], { error: m.serviceType });
export type ServiceType = z.infer<typeof serviceTypeSchema>;

const sessionId = z.uuid('Invalid session id');
const reservationId = z.uuid('Invalid reservation id');
const isoDate = z.iso.date({ error: m.dateInvalid });
const instant = z.iso.datetime({ offset: true, error: m.startTimeInvalid });

// GET /api/availability: the range is clipped to today … today + horizon (Melbourne dates).
export const availabilityQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    serviceType: serviceTypeSchema.default('phone'),
    /** The asking browser's own hold does not make its slot look taken to it. */
    sessionId: sessionId.optional(),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: m.rangeOrder, path: ['to'] });

export const availabilityResponseSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timezone: z.string(),
  serviceType: serviceTypeSchema,
  days: z.array(bookingDaySchema),
});
export type Availability = z.infer<typeof availabilityResponseSchema>;

export const nextBookingDateResponseSchema = z.object({ nextBookingDate: z.iso.date() });

const ruleValue = <T extends z.ZodType>(value: T) => z.object({ value });
// GET /api/trak/settings/booking-rules: the rules in force, in the spec's { key: { value } } shape.
export const bookingRulesResponseSchema = z.object({
  rules: z.object({
    cutoff_hour: ruleValue(z.number()),
    same_day_lead_time: ruleValue(z.number()),
    next_day_lead_time: ruleValue(z.number()),
    allow_weekends: ruleValue(z.boolean()),
    timezone: ruleValue(z.string()),
    first_slot: ruleValue(z.string()),
    slots_per_day: ruleValue(z.number()),
    slot_minutes: ruleValue(z.number()),
    blackout_dates: ruleValue(z.array(z.string())),
    horizon_days: ruleValue(z.number()),
  }),
});

// POST /api/holds, PUT and DELETE /api/holds/:reservationId
export const holdRequestSchema = z.object({
  sessionId,
  staffId: text().trim().min(1).max(100).optional(),
  startTime: instant,
  /** Only a consultant doing this service is held (issue 28); none: any consultant. */
  serviceType: serviceTypeSchema.optional(),
  /**
   * A customer moving their booking sends its manage link's secret (in the body, never a URL):
   * an onsite visit's drives are then from its own place, and its own time is not in the way.
   */
  manageToken: text().trim().min(1).max(200).optional(),
});
export const holdParamsSchema = z.object({ reservationId });
export const holdOwnerSchema = z.object({ sessionId });
export const holdSchema = z.object({
  reservationId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
  staffId: z.string(),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
});
export type Hold = z.infer<typeof holdSchema>;
// DELETE /api/holds/:reservationId: a page that is being unloaded (perhaps reloaded) lets the
// slot go `afterSeconds` later, unless the hold was renewed after the `expiresAt` it last saw.
export const holdReleaseQuerySchema = holdOwnerSchema.extend({
  afterSeconds: z.coerce
    .number({ error: m.releaseAfter })
    .int({ error: m.releaseAfter })
    .min(1, { error: m.releaseAfter })
    .max(60, { error: m.releaseAfter })
    .optional(),
  expiresAt: instant.optional(),
});
// GET /api/holds?sessionId=…: the session's hold, so a reloaded page shows it again (issue 15)
export const sessionHoldSchema = z.object({
  hold: holdSchema.nullable(),
  /** The session's last hold ran out (it was neither released nor booked). */
  expired: z.boolean(),
});
export type SessionHold = z.infer<typeof sessionHoldSchema>;

// POST /api/bookings: customer, price and measurements come from the session's lead.
export const createBookingSchema = z.object({
  sessionId,
  reservationId,
  serviceType: serviceTypeSchema,
  notes: text().trim().max(5000).optional(),
  promoCode: text().trim().min(1).max(50).optional(),
  /** Made by the browser once per booking attempt; a retry with it returns the same booking. */
  idempotencyKey: text().trim().min(8).max(100),
});

/** A booking (spec §3). Money in integer cents, as on the lead. */
export const bookingSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid().nullable(),
  staffId: z.string(),
  serviceType: z.string(),
  /** The Melbourne calendar date of the start. */
  date: z.iso.date(),
  /** The booked slot: taken by this booking, so `available` is false. */
  timeSlot: timeSlotSchema,
  /** 'pending' only in the static demo build, which confirms nothing (spec §4 local-storage mode). */
  status: z.enum(['confirmed', 'cancelled', 'pending']),
  notes: z.string().nullable(),
  measurements: z.array(z.unknown()).nullable(),
  estimatedPrice: z.number().int().nullable(),
  promoCode: z.string().nullable(),
  trakJobId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const createBookingResponseSchema = z.object({
  booking: bookingSchema,
  /** The secret of the manage link, given once; null when a retried request is answered again. */
  manageToken: z.string().nullable(),
});
export const bookingResponseSchema = z.object({ booking: bookingSchema });
export const bookingParamsSchema = z.object({ id: z.uuid(m.bookingNotFound) });
export const updateBookingSchema = z
  .object({
    trakJobId: text().trim().max(100).nullable().optional(),
    /** Another consultant for the same time (issue 28): 409 SLOT_TAKEN when they are busy. */
    consultantId: text().trim().min(1).max(100).optional(),
  })
  .refine((b) => b.trakJobId !== undefined || b.consultantId !== undefined, {
    message: 'Send trakJobId, consultantId or both.',
    path: ['trakJobId'],
  });

// /api/manage/:token — the secret link of the confirmation.
export const manageParamsSchema = z.object({ token: text().max(200) });
export const manageBookingResponseSchema = z.object({
  booking: bookingSchema,
  /** The customer's own details: the address is the onsite visit's (and the calendar entry's). */
  customer: z.object({ firstName: z.string().nullable(), address: z.string().nullable() }),
  /** RFC 5545 SEQUENCE of the booking's calendar entry (UID from its id): one more per change. */
  calendarSequence: z.number().int(),
  /** Whether an onsite visit may be chosen: the same pane-count rule as at booking. */
  onsite: onsiteSchema.extend({ glassCount: z.number().int() }),
  status: bookingSchema.shape.status,
  /** "Wednesday 25 November 2026, 9:00 am" in Melbourne time. */
  startsAt: z.string(),
  canChange: z.boolean(),
});
export type ManageBooking = z.infer<typeof manageBookingResponseSchema>;
/**
 * A new time (a hold of the session's), the consultation type, the notes: any of them, in one
 * transaction. Notes empty or null clear them.
 */
export const rescheduleSchema = z
  .object({
    sessionId: sessionId.optional(),
    reservationId: reservationId.optional(),
    serviceType: serviceTypeSchema.optional(),
    notes: text().trim().max(5000).nullable().optional(),
  })
  .refine((b) => !b.reservationId || b.sessionId, {
    message: m.holdNeedsSession,
    path: ['sessionId'],
  });

// POST /api/analytics/session/completed (spec §4 "On booking completion")
export const sessionCompletedSchema = z
  .object({ previousSessionId: sessionId, newSessionId: sessionId })
  .refine((b) => b.previousSessionId !== b.newSessionId, {
    message: 'The new session must differ from the previous one.',
    path: ['newSessionId'],
  });
export const sessionCompletedResponseSchema = z.object({
  sessionId: z.uuid(),
  previousBookingSessionId: z.uuid(),
  currentStep: z.string(),
});
