import { describe, expect, it } from 'vitest';
import { offsetIsoFormatter, toOffsetIso, wallClock } from './calendar';

const zone = 'Australia/Melbourne';
const halfHours = (date: string) =>
  Array.from({ length: 48 }, (_, i) => wallClock(date, 0, zone) + i * 30 * 60_000);

describe('offset ISO strings', () => {
  it('carries the offset of the instant, on both sides of a DST change', () => {
    expect(toOffsetIso(Date.parse('2026-04-04T15:00:00Z'), zone)).toBe('2026-04-05T02:00:00+11:00');
    expect(toOffsetIso(Date.parse('2026-04-04T16:00:00Z'), zone)).toBe('2026-04-05T02:00:00+10:00');
    expect(toOffsetIso(Date.parse('2026-07-01T00:30:00Z'), 'Asia/Kolkata')).toBe(
      '2026-07-01T06:00:00+05:30',
    );
    expect(toOffsetIso(Date.parse('2026-07-01T12:00:00Z'), 'America/St_Johns')).toBe(
      '2026-07-01T09:30:00-02:30',
    );
  });

  // the formatter takes one offset for a whole day when it can: it must agree with the slow way
  it.each(['2026-04-05', '2026-10-04', '2026-11-23'])(
    'a day formatter agrees with toOffsetIso on %s (DST ends, DST starts, plain day)',
    (date) => {
      const instants = halfHours(date);
      const iso = offsetIsoFormatter(zone, instants[0]!, instants.at(-1)!);
      expect(instants.map(iso)).toEqual(instants.map((ms) => toOffsetIso(ms, zone)));
    },
  );
});
