import {
  bookingRulesIssues,
  mergeBookingRules,
  toAdminBookingRules,
  type AdminBookingRules,
  type UpdateBookingRules,
} from '../../../shared/admin/booking-rules.contract';
import { knownSetting, settingsMessages } from '../../../shared/admin/settings.contract';
import { readBookingSetup } from '../../db/booking-store';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import * as repo from './admin-settings.repository';

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
  bookingStaff: 'booking_staff',
};

async function currentRules(db: Db): Promise<AdminBookingRules> {
  const { rules, staff } = await readBookingSetup(db);
  return toAdminBookingRules(rules, staff);
}

/** Merges the change into the rules in force, checks the whole, saves the changed keys. */
export async function saveBookingRules(
  db: Db,
  change: UpdateBookingRules,
): Promise<AdminBookingRules> {
  const merged = mergeBookingRules(await currentRules(db), change);
  const issues = bookingRulesIssues(merged);
  if (Object.keys(issues).length > 0) {
    throw HttpError.badRequest(Object.values(issues)[0] ?? settingsMessages.valueRequired, issues);
  }
  const writes = (Object.keys(keyOf) as (keyof AdminBookingRules)[])
    .filter((field) => change[field] !== undefined)
    .map((field) => {
      const key = keyOf[field];
      return {
        key,
        value: merged[field],
        category: 'booking_rules',
        defaultDescription: knownSetting(key)?.description,
        isSecret: false,
      };
    });
  await repo.saveSettings(db, writes);
  return currentRules(db);
}
