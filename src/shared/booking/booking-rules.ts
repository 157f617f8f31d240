import { z } from 'zod';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';

const wallClockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

// Names already checked: building a DateTimeFormat costs more than the rest of a settings read,
// and every booking request reads the time zone. At most a few distinct names (a setting's).
const timeZoneChecks = new Map<string, boolean>();

function isTimeZone(value: string): boolean {
  const known = timeZoneChecks.get(value);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
  } catch {
    valid = false;
  }
  if (timeZoneChecks.size < 100) timeZoneChecks.set(value, valid);
  return valid;
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
    cutoffHour: z.number().int().min(0).max(24).default(d.cutoff_hour),
    sameDayLeadTime: z.number().min(0).max(72).default(d.same_day_lead_time),
    nextDayLeadTime: z.number().min(0).max(24).default(d.next_day_lead_time),
    allowWeekends: z.boolean().default(d.allow_weekends),
    timezone: z.string().refine(isTimeZone, { message: 'Unknown time zone' }).default(d.timezone),
    firstSlot: z
      .string()
      .regex(wallClockTime, { message: 'Use HH:mm (24-hour)' })
      .default(d.first_slot),
    slotsPerDay: z.number().int().min(1).max(96).default(d.slots_per_day),
    slotMinutes: z.number().int().min(5).max(480).default(d.slot_minutes),
    // a fresh list each parse: a caller adding a date must not change the default
    blackoutDates: z.array(z.iso.date()).default(() => [...d.blackout_dates]),
    // spec §9's horizon, not a setting: nothing seeds or edits it
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
