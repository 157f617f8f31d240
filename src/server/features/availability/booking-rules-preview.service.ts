import {
  bookingRulesIssues,
  mergeBookingRules,
  previewDayCount,
  toAdminBookingRules,
  type AdminBookingRules,
  type BookingRulesPreview,
  type UpdateBookingRules,
} from '../../../shared/admin/booking-rules.contract';
import { bookingRulesSchema } from '../../../shared/booking/booking-rules';
import { addDays, dateIn } from '../../../shared/booking/calendar';
import { readBookingSetup } from '../../db/booking-store';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { slotDays } from './availability.service';

/** The rules in force with the staff who take bookings (admin only: names are staff data). */
export async function readAdminBookingRules(db: Db): Promise<AdminBookingRules> {
  const { rules, staff } = await readBookingSetup(db);
  return toAdminBookingRules(rules, staff);
}

/**
 * The next days as a customer would see them if the draft were saved: the draft merged over the
 * rules in force, checked whole like a save, then run against the real bookings and holds.
 * Nothing is written.
 */
export async function previewBookingRules(
  db: Db,
  draft: UpdateBookingRules,
  now: Date,
): Promise<BookingRulesPreview> {
  const merged = mergeBookingRules(await readAdminBookingRules(db), draft);
  const issues = bookingRulesIssues(merged);
  const [firstIssue] = Object.values(issues);
  if (firstIssue) throw HttpError.badRequest(firstIssue, issues);

  const { bookingStaff, ...draftRules } = merged;
  const rules = bookingRulesSchema.parse(draftRules);
  const from = dateIn(now, rules.timezone);
  const to = addDays(from, previewDayCount - 1);
  const days = await slotDays(db, { rules, staff: bookingStaff }, { from, to }, now);
  return { from, to, timezone: rules.timezone, days };
}
