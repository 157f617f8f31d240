import type { z } from 'zod';
import {
  bookingRulesIssues,
  mergeBookingRules,
  previewDayCount,
  toAdminBookingRules,
  type AdminBookingRules,
  type BookingRulesPreview,
  type UpdateBookingRules,
} from '#shared/admin/booking-rules.contract.ts';
import { settingEntry } from '#shared/settings/settings-registry.ts';
import type { bookingRulesResponseSchema } from '#shared/booking/booking.contract.ts';
import { bookingRulesSchema } from '#shared/booking/booking-rules.ts';
import { addDays, dateIn } from '#shared/booking/calendar.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { slotDays } from '#server/lib/slot-days.ts';

// The booking rules: the public view, the admin's read, save and preview of a draft. Every
// feature that books reads the rules in force through readBookingSetup (db/booking-store.ts).

// The rule fields and the settings keys they are stored under (drizzle/0001_seed-defaults.sql).
const keyOf: Record<keyof AdminBookingRules, string> = {
  cutoffHour: 'cutoff_hour',
  sameDayLeadTime: 'same_day_lead_time',
  nextDayLeadTime: 'next_day_lead_time',
  allowWeekends: 'allow_weekends',
  timezone: 'timezone',
  firstSlot: 'first_slot',
  slotsPerDay: 'slots_per_day',
  slotMinutes: 'slot_minutes',
  blackoutDates: 'blackout_dates',
  onsiteTravelBufferMinutes: 'onsite_travel_buffer_minutes',
};

/** The rules in force (the admin's form). */
export async function readAdminBookingRules(db: Db): Promise<AdminBookingRules> {
  const { rules, travelBufferMinutes } = await readBookingSetup(db);
  return toAdminBookingRules(rules, travelBufferMinutes);
}

/** The change merged over the rules in force and checked whole, as a save and a preview need. */
async function mergedRules(db: Db, change: UpdateBookingRules): Promise<AdminBookingRules> {
  const merged = mergeBookingRules(await readAdminBookingRules(db), change);
  const issues = bookingRulesIssues(merged);
  const [firstIssue] = Object.values(issues);
  if (firstIssue) throw HttpError.badRequest(firstIssue, issues);
  return merged;
}

/** Merges the change into the rules in force, checks the whole, saves the changed keys. */
export async function saveBookingRules(
  db: Db,
  change: UpdateBookingRules,
): Promise<AdminBookingRules> {
  const merged = await mergedRules(db, change);
  const writes = (Object.keys(keyOf) as (keyof AdminBookingRules)[])
    .filter((field) => change[field] !== undefined)
    .map((field) => {
      const key = keyOf[field];
      return {
        key,
        value: merged[field],
        category: 'booking_rules',
        defaultDescription: settingEntry(key)?.description,
        isSecret: false,
      };
    });
  await saveSettings(db, writes);
  return readAdminBookingRules(db);
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
  const merged = await mergedRules(db, draft);
  const rules = bookingRulesSchema.parse(merged);
  const { consultants } = await readBookingSetup(db);
  const travelBufferMinutes = merged.onsiteTravelBufferMinutes;
  const from = dateIn(now, rules.timezone);
  const to = addDays(from, previewDayCount - 1);
  const days = await slotDays(db, { rules, consultants, travelBufferMinutes }, { from, to }, now);
  return { from, to, timezone: rules.timezone, days };
}

/** The public read of the rules (GET /api/trak/settings/booking-rules), in the spec's shape. */
export async function bookingRulesView(
  db: Db,
): Promise<z.infer<typeof bookingRulesResponseSchema>> {
  const { rules: r } = await readBookingSetup(db);
  return {
    rules: {
      cutoff_hour: { value: r.cutoffHour },
      same_day_lead_time: { value: r.sameDayLeadTime },
      next_day_lead_time: { value: r.nextDayLeadTime },
      allow_weekends: { value: r.allowWeekends },
      timezone: { value: r.timezone },
      first_slot: { value: r.firstSlot },
      slots_per_day: { value: r.slotsPerDay },
      slot_minutes: { value: r.slotMinutes },
      blackout_dates: { value: r.blackoutDates },
      horizon_days: { value: r.horizonDays },
    },
  };
}
