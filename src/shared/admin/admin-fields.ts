import { z } from 'zod';
import { hasUnsupportedCharacter, text, unsupportedCharacterMessage } from '#shared/api/text.ts';
import { isOutboundUrl } from './outbound-url';

// Field schemas with the admin screens' messages, shared by the per-key settings schemas and the
// dedicated admin endpoints (pricing, booking rules, messaging, integrations).
export const adminMessages = {
  bannerColour: 'Banner colour must be a colour like #0a7d32',
  toggle: 'Choose on or off',
  threshold: 'Threshold must be a whole number between 1 and 50',
  travelRate: 'Travel rate must be more than $0',
  minimumCharge: 'Minimum job charge must be $0 or more (up to $100,000)',
  pricePerSqm: 'Price per m² must be more than $0',
  httpsUrl:
    'Use an https:// address, like https://example.com/hook (http:// only to this computer: localhost, 127.0.0.1 or [::1])',
  email: 'Enter a valid e-mail address, like bookings@example.com',
  duration: 'Duration must be at least 30 minutes',
  cutoffHour: 'Cutoff hour must be a whole number between 0 and 24',
  sameDayLeadTime: 'Same-day lead time must be between 0 and 72 hours',
  nextDayLeadTime: 'Next-day lead time must be between 0 and 24 hours',
  timezone: 'Time zone must be an IANA name, like Australia/Melbourne',
  firstSlot: 'First slot must be a time like 08:00 (24-hour)',
  slotsPerDay: 'Slots per day must be a whole number between 1 and 96',
  slotMinutes: 'Slot length must be between 5 and 480 minutes',
  blackoutDates: 'Blackout dates must be dates like 2026-12-25',
  travelBuffer: 'Travel buffer must be a whole number of minutes from 0 to 120',
} as const;
const m = adminMessages;

export const hexColourSchema = z
  .string({ error: m.bannerColour })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, m.bannerColour)
  .transform((value) => value.toLowerCase());

export const toggleSchema = z.boolean({ error: m.toggle });
export const thresholdSchema = z
  .number({ error: m.threshold })
  .int(m.threshold)
  .min(1, m.threshold)
  .max(50, m.threshold);
/** The minimum job charge in cents: $0 means none (ADR 044). */
export const minimumChargeSchema = z
  .number({ error: m.minimumCharge })
  .int(m.minimumCharge)
  .min(0, m.minimumCharge)
  .max(10_000_000, m.minimumCharge);
export const centsSchema = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(10_000_000, message);

/** Webhook and job-tracker addresses: the rule of outbound-url.ts, in one check so one message. */
export const httpsUrlSchema = z
  .string({ error: m.httpsUrl })
  .trim()
  .refine((value) => value.length <= 500 && isOutboundUrl(value), m.httpsUrl)
  // the URL parser keeps a NUL of the path as it is, and the text is stored as sent
  .refine((value) => !hasUnsupportedCharacter(value), unsupportedCharacterMessage);

export const emailSchema = z.email({ error: m.email }).max(200, m.email);

// Every booking and calendar read checks the stored zone: a formatter costs a few hundred µs
const knownTimeZones = new Set<string>();

function isTimeZone(value: string): boolean {
  if (knownTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
    if (knownTimeZones.size < 100) knownTimeZones.add(value);
    return true;
  } catch {
    return false;
  }
}

/** The booking-rule settings one by one, with the engine's limits (bookingRulesSchema). */
export const bookingRuleFields = {
  cutoffHour: z
    .number({ error: m.cutoffHour })
    .int(m.cutoffHour)
    .min(0, m.cutoffHour)
    .max(24, m.cutoffHour),
  sameDayLeadTime: z
    .number({ error: m.sameDayLeadTime })
    .min(0, m.sameDayLeadTime)
    .max(72, m.sameDayLeadTime),
  nextDayLeadTime: z
    .number({ error: m.nextDayLeadTime })
    .min(0, m.nextDayLeadTime)
    .max(24, m.nextDayLeadTime),
  allowWeekends: toggleSchema,
  timezone: text({ error: m.timezone })
    .trim()
    .min(1, m.timezone)
    .max(100, m.timezone)
    .refine(isTimeZone, m.timezone),
  firstSlot: z.string({ error: m.firstSlot }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.firstSlot),
  slotsPerDay: z
    .number({ error: m.slotsPerDay })
    .int(m.slotsPerDay)
    .min(1, m.slotsPerDay)
    .max(96, m.slotsPerDay),
  slotMinutes: z
    .number({ error: m.slotMinutes })
    .int(m.slotMinutes)
    .min(5, m.slotMinutes)
    .max(480, m.slotMinutes),
  blackoutDates: z
    .array(z.iso.date({ error: m.blackoutDates }), { error: m.blackoutDates })
    .max(366, m.blackoutDates)
    .transform((dates) => [...new Set(dates)].sort()),
  onsiteTravelBufferMinutes: z
    .number({ error: m.travelBuffer })
    .int(m.travelBuffer)
    .min(0, m.travelBuffer)
    .max(120, m.travelBuffer),
} as const;
