import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import {
  availabilityQuerySchema,
  bookingSchema,
  serviceTypeSchema,
} from '#shared/booking/booking.contract.ts';
import { contactFormSchema } from '#shared/contact/contact.contract.ts';
import { toE164 } from '#shared/contact/phone.ts';

// Issue 28: staff book a customer who phones in (POST /api/staff/bookings), choosing the time from
// the same availability the booking page shows, worked out for the customer's address
// (GET /api/staff/availability), which also serves staff moving an onsite booking.

export const phoneInMessages = {
  onsiteNeedsPlace:
    'Choose the address from the suggestions: an onsite visit needs its place to work out the drive.',
  placeNotFound: 'We could not find that address. Please choose one from the suggestions.',
  booked: 'Booked. The customer is sent the confirmation.',
} as const;

const placeId = text().trim().min(1).max(1000);

// GET /api/staff/availability: the booking page's answer, for a place or a booking being moved.
export const staffAvailabilityQuerySchema = availabilityQuerySchema.safeExtend({
  /** Onsite: the chosen suggestion of the customer's address (its drives decide the times). */
  placeId: placeId.optional(),
  /** A booking being moved: its own time and drives are not in the way, its place is used. */
  bookingId: z.uuid().optional(),
  consultantId: text().trim().min(1).max(100).optional(),
});

const contact = contactFormSchema.shape;
export const phoneInBookingSchema = z.object({
  customer: z.object({
    firstName: contact.firstName,
    lastName: contact.lastName,
    // optional on the phone: '' is "none given", like a blank field
    email: z
      .union([z.literal(''), contact.email.transform((email) => email.toLowerCase())])
      .optional(),
    phone: contact.phone.transform(toE164),
    address: contact.address,
    placeId: placeId.optional(),
  }),
  serviceType: serviceTypeSchema,
  /** As /api/staff/availability answers it. */
  startTime: z.iso.datetime({
    offset: true,
    error: 'Use a date-time with its offset, like 2026-11-25T09:00:00+11:00.',
  }),
  consultantId: text().trim().min(1).max(100).optional(),
  notes: text().trim().max(5000).optional(),
});
export type PhoneInBooking = z.input<typeof phoneInBookingSchema>;

export const phoneInResponseSchema = z.object({
  booking: bookingSchema,
  leadId: z.uuid(),
  customerId: z.uuid(),
});
export type PhoneInResult = z.infer<typeof phoneInResponseSchema>;
