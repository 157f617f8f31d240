// nextClockChange: how long a worked-out day stays true as the clock moves. Checked against
// generateSlots itself every 7 minutes of a day, for five days (AEDT; a Friday's cutoff moves Monday's lead).
import { describe, expect, it } from 'vitest';
import { bookingRulesSchema, type BookingRulesInput } from './booking-rules';
import { bookingWindow, nextClockChange } from './booking-window';
import { addDays } from './calendar';
import { dayOf } from './test-helpers';

const minute = 60_000;
const friday = '2026-11-27';

function changeAt(date: string, now: number, input: BookingRulesInput = {}) {
  const rules = bookingRulesSchema.parse(input);
  return nextClockChange(date, rules, bookingWindow(rules, now));
}

describe('nextClockChange', () => {
  it('names the cutoff and the next slot reaching the lead time', () => {
    const at = (time: string) => Date.parse(`${friday}T${time}:00+11:00`);
    // 10:10: the 11:30 slot is the first offered; at 10:30:00.001 it is within the hour
    expect(changeAt(friday, at('10:10'))).toBe(at('10:30') + 1);
    // 15:45: the cutoff (16:00) comes before the 17:00 slot's lead time
    expect(changeAt(friday, at('15:45'), { slotsPerDay: 20 })).toBe(at('16:00'));
    // the next open day (Monday) changes at Friday's cutoff too; a later day never today
    expect(changeAt('2026-11-30', at('10:10'))).toBe(at('16:00'));
    expect(changeAt('2026-12-02', at('10:10'))).toBeGreaterThan(at('23:59'));
  });

  for (const rules of [{}, { sameDayLeadTime: 0 }, { sameDayLeadTime: 26, cutoffHour: 12 }]) {
    it(`keeps every day as it was until that instant (rules ${JSON.stringify(rules)})`, () => {
      const start = Date.parse(`${friday}T00:00:00+11:00`);
      const dates = [0, 1, 2, 3, 4].map((n) => addDays(friday, n));
      for (let now = start; now < start + 24 * 60 * minute; now += 7 * minute) {
        for (const date of dates) {
          const day = JSON.stringify(dayOf(date, { rules, now: new Date(now) }));
          const until = Math.min(changeAt(date, now, rules), start + 24 * 60 * minute);
          const last = JSON.stringify(dayOf(date, { rules, now: new Date(until - 1) }));
          expect(last, `${date} from ${new Date(now).toISOString()}`).toBe(day);
        }
      }
    });
  }
});
