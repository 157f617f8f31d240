import { z } from 'zod';

const wallClockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** "08:30" → 510 (minutes after midnight, wall clock). */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * The booking rules of spec §3 / §9 plus the slot grid settings of ARCHITECTURE.md.
 * Lead times are hours; every wall-clock value is read in `timezone`.
 */
export const bookingRulesSchema = z
  .object({
    cutoffHour: z.number().int().min(0).max(24).default(16),
    sameDayLeadTime: z.number().min(0).max(72).default(1),
    nextDayLeadTime: z.number().min(0).max(24).default(2),
    allowWeekends: z.boolean().default(false),
    timezone: z
      .string()
      .refine(isTimeZone, { message: 'Unknown time zone' })
      .default('Australia/Melbourne'),
    firstSlot: z.string().regex(wallClockTime, { message: 'Use HH:mm (24-hour)' }).default('08:00'),
    slotsPerDay: z.number().int().min(1).max(96).default(16),
    slotMinutes: z.number().int().min(5).max(480).default(30),
    blackoutDates: z.array(z.iso.date()).default(() => []),
    horizonDays: z.number().int().min(0).max(365).default(30),
  })
  // The grid must end by midnight: a day's slots never spill into the next calendar date.
  .refine((r) => minutesOfDay(r.firstSlot) + r.slotsPerDay * r.slotMinutes <= 24 * 60, {
    message: 'The slots of a day must end by midnight',
    path: ['slotsPerDay'],
  });

export type BookingRules = z.output<typeof bookingRulesSchema>;
export type BookingRulesInput = z.input<typeof bookingRulesSchema>;

export const defaultBookingRules: BookingRules = bookingRulesSchema.parse({});
