import { z } from 'zod';

// GET /api/staff/schedule (issue 28): the days of the team, per consultant, for staff.
export const scheduleMessages = {
  range: 'Choose a range of at most 31 days, from on or before to (YYYY-MM-DD).',
} as const;

const isoDate = z.iso.date(scheduleMessages.range);

export const scheduleQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    consultantId: z.string().min(1).max(100).optional(),
  })
  .refine((q) => q.to >= q.from && Date.parse(q.to) - Date.parse(q.from) <= 30 * 86_400_000, {
    message: scheduleMessages.range,
    path: ['to'],
  });
export type ScheduleQuery = z.output<typeof scheduleQuerySchema>;

export const appointmentSchema = z.object({
  bookingId: z.string(),
  leadId: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  serviceType: z.string(),
  status: z.string(),
  customerName: z.string().nullable(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  suburb: z.string().nullable(),
  notes: z.string().nullable(),
  /** The drive to an onsite visit from the visit before it that day, or the base. */
  driveMinutesBefore: z.number().nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const scheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      consultants: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          /** Their working hours that day (none: not working), as offset date-times. */
          hours: z.array(z.object({ start: z.string(), end: z.string() })),
          appointments: z.array(appointmentSchema),
        }),
      ),
    }),
  ),
});
export type Schedule = z.infer<typeof scheduleSchema>;
