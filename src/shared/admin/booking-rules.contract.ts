import { z } from 'zod';
import { bookingRulesSchema, type BookingRules } from '#shared/booking/booking-rules.ts';
import { bookingDaySchema } from '#shared/booking/slot.contract.ts';
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
  onsiteTravelBufferMinutes: z.number(),
});
export type AdminBookingRules = z.infer<typeof adminBookingRulesSchema>;

export const bookingRulesSavedSchema = z.object({
  success: z.literal(true),
  rules: adminBookingRulesSchema,
});

/** The admin form: every rule with its admin message, then the engine's checks of the whole. */
export const bookingRulesFormSchema = z.object(bookingRuleFields).superRefine((rules, ctx) => {
  for (const [path, message] of Object.entries(bookingRulesIssues(rules))) {
    ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  }
});
export type BookingRulesForm = z.input<typeof bookingRulesFormSchema>;

/** GET /api/admin/booking-rules: the rules in force (admin only). */
export const adminBookingRulesResponseSchema = z.object({ rules: adminBookingRulesSchema });

/** How many days, from today, the admin's preview shows. */
export const previewDayCount = 7;

/**
 * POST /api/admin/booking-rules/preview: a draft in the update's shape, merged over the rules in
 * force; answers the next days as a customer would see them with the draft. Nothing is saved.
 */
export const bookingRulesPreviewSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timezone: z.string(),
  days: z.array(bookingDaySchema),
});
export type BookingRulesPreview = z.infer<typeof bookingRulesPreviewSchema>;

/** The engine's rules as the admin screens show them (the horizon is not theirs to set). */
export function toAdminBookingRules(
  rules: BookingRules,
  onsiteTravelBufferMinutes: number,
): AdminBookingRules {
  const { horizonDays: _horizon, ...rest } = rules;
  return { ...rest, onsiteTravelBufferMinutes };
}

/** The rules in force with a partial change over them (fields left undefined keep their value). */
export function mergeBookingRules(
  current: AdminBookingRules,
  change: UpdateBookingRules,
): AdminBookingRules {
  const given = Object.entries(change).filter(([, value]) => value !== undefined);
  return { ...current, ...(Object.fromEntries(given) as Partial<AdminBookingRules>) };
}

/** Field messages of the rules as a whole (the day's slots must end by midnight). */
export function bookingRulesIssues(rules: AdminBookingRules): Record<string, string> {
  const parsed = bookingRulesSchema.safeParse(rules);
  if (parsed.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    issues[issue.path.join('.') || 'rules'] ??= issue.message;
  return issues;
}
