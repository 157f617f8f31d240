import { describe, expect, it } from 'vitest';
import { defaultBookingRules } from './booking-rules';
import { calendarClosure, victorianPublicHoliday } from './closed-days';

describe('victorianPublicHoliday', () => {
  it.each([
    ['2026-11-03', 'Melbourne Cup'],
    ['2027-11-02', 'Melbourne Cup'],
    ['2026-09-25', 'AFL Grand Final Friday'],
    ['2027-01-01', "New Year's Day"],
    ['2026-01-26', 'Australia Day'],
    ['2026-04-05', 'Easter Sunday'],
    ['2026-12-28', 'Boxing Day (substitute day)'],
  ])('%s is %s', (date, name) => {
    expect(victorianPublicHoliday(date)).toBe(name);
  });

  it.each([
    ['2026-11-04', 'an ordinary Wednesday'],
    ['2026-05-10', "Mother's Day (an observance)"],
    ['2026-06-29', 'school holidays'],
    ['2026-11-10', 'the Tuesday after the Cup'],
  ])('%s (%s) is not a public holiday', (date) => {
    expect(victorianPublicHoliday(date)).toBeNull();
  });
});

describe('calendarClosure', () => {
  const rules = { ...defaultBookingRules, blackoutDates: ['2026-11-25', '2026-11-03'] };

  it('closes weekends unless they are allowed', () => {
    expect(calendarClosure('2026-11-28', rules)).toBe('weekend');
    expect(calendarClosure('2026-11-29', rules)).toBe('weekend');
    expect(calendarClosure('2026-11-28', { ...rules, allowWeekends: true })).toBeNull();
  });

  it('names a holiday before a blackout of the same day', () => {
    expect(calendarClosure('2026-11-03', rules)).toBe('holiday');
    expect(calendarClosure('2026-11-25', rules)).toBe('blackout');
    expect(calendarClosure('2026-11-26', rules)).toBeNull();
  });

  it('keeps public holidays closed on allowed weekends', () => {
    expect(calendarClosure('2026-04-04', { ...rules, allowWeekends: true })).toBe('holiday');
  });
});
