import { z } from 'zod';

/** A bookable slot of one staff member (spec §3, Booking timeSlot). Times carry the offset. */
export const timeSlotSchema = z.object({
  id: z.string(),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  available: z.boolean(),
  staffId: z.string(),
});

export const closedReasonSchema = z.enum([
  'weekend',
  'holiday',
  'blackout',
  'past-cutoff',
  'outside-horizon',
]);

export const bookingDaySchema = z.object({
  date: z.iso.date(),
  closedReason: closedReasonSchema.nullable(),
  /** Set whenever the date is a Victorian public holiday, even when another reason wins. */
  holidayName: z.string().nullable(),
  slots: z.array(timeSlotSchema),
});

export type TimeSlot = z.infer<typeof timeSlotSchema>;
export type ClosedReason = z.infer<typeof closedReasonSchema>;
export type BookingDay = z.infer<typeof bookingDaySchema>;
