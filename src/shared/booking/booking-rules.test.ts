import { describe, expect, it } from 'vitest';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { bookingRulesSchema, defaultBookingRules } from './booking-rules';

describe('bookingRulesSchema', () => {
  it('has the default of each booking-rule setting, and the 30-day horizon of spec §9', () => {
    expect(defaultBookingRules).toEqual({
      cutoffHour: d.cutoff_hour,
      sameDayLeadTime: d.same_day_lead_time,
      nextDayLeadTime: d.next_day_lead_time,
      allowWeekends: d.allow_weekends,
      timezone: d.timezone,
      firstSlot: d.first_slot,
      slotsPerDay: d.slots_per_day,
      slotMinutes: d.slot_minutes,
      blackoutDates: d.blackout_dates,
      horizonDays: 30,
    });
  });

  it('fills what a partial settings row leaves out', () => {
    const rules = bookingRulesSchema.parse({ allowWeekends: true, blackoutDates: ['2026-12-24'] });
    expect(rules.allowWeekends).toBe(true);
    expect(rules.blackoutDates).toEqual(['2026-12-24']);
    expect(rules.cutoffHour).toBe(d.cutoff_hour);
  });

  it('does not share the default blackout list between parses', () => {
    const first = bookingRulesSchema.parse({});
    first.blackoutDates.push('2026-12-24');
    expect(bookingRulesSchema.parse({}).blackoutDates).toEqual([]);
  });

  it.each([
    [{ timezone: 'Australia/Gotham' }, 'timezone'],
    [{ firstSlot: '8:00' }, 'firstSlot'],
    [{ firstSlot: '24:00' }, 'firstSlot'],
    [{ cutoffHour: 16.5 }, 'cutoffHour'],
    [{ sameDayLeadTime: -1 }, 'sameDayLeadTime'],
    [{ blackoutDates: ['2026-02-30'] }, 'blackoutDates'],
    [{ slotsPerDay: 0 }, 'slotsPerDay'],
    [{ firstSlot: '20:00', slotsPerDay: 9 }, 'slotsPerDay'],
  ])('rejects %j', (input, field) => {
    const result = bookingRulesSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('accepts a grid that ends exactly at midnight', () => {
    expect(bookingRulesSchema.safeParse({ firstSlot: '20:00', slotsPerDay: 8 }).success).toBe(true);
  });
});
