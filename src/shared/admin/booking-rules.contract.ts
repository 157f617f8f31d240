import { z } from 'zod';
import { bookingRulesSchema } from '../booking/booking-rules';
import { bookingRuleFields } from './admin-fields';

// POST /api/trak/settings/booking-rules: any subset of the rules; the service merges it with the
// rules in force and checks the whole with the engine's own schema (bookingRulesSchema).
export const updateBookingRulesSchema = z.object(bookingRuleFields).partial();
export type UpdateBookingRules = z.infer<typeof updateBookingRulesSchema>;

export const adminBookingRulesSchema = z.object({
  cutoffHour: z.number(),
  sameDayLeadTime: z.number(),
  nextDayLeadTime: z.number(),
  allowWeekends: z.boolean(),
  timezone: z.string(),
  firstSlot: z.string(),
  slotsPerDay: z.number(),
  slotMinutes: z.number(),
  blackoutDates: z.array(z.string()),
  bookingStaff: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AdminBookingRules = z.infer<typeof adminBookingRulesSchema>;

export const bookingRulesSavedSchema = z.object({
  success: z.literal(true),
  rules: adminBookingRulesSchema,
});

/** Field messages of the rules as a whole (the day's slots must end by midnight). */
export function bookingRulesIssues(rules: AdminBookingRules): Record<string, string> {
  const parsed = bookingRulesSchema.safeParse(rules);
  if (parsed.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    issues[issue.path.join('.') || 'rules'] ??= issue.message;
  return issues;
}
