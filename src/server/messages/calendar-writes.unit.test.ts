import { describe, expect, it } from 'vitest';
import { planCalendarWrites } from './calendar-writes';
import type { ConsultantFacts } from './consultant-notices';

// Issue 29: which CalDAV calendars a booking's change is written into.

const start = new Date('2026-11-26T23:00:00.000Z');
const sam = { id: 'c1', name: 'Sam', email: null, mobile: null, caldav: true };
const kim = { id: 'c2', name: 'Kim', email: null, mobile: null, caldav: true };
const lou = { id: 'c3', name: 'Lou', email: null, mobile: null, caldav: false };
const facts = (change: Partial<ConsultantFacts> = {}): ConsultantFacts => ({
  booking: { id: 'b1', leadId: 'l1', staffId: 'c1', startTime: start, calendarSequence: 2 },
  consultant: sam,
  ...change,
});
const planned = (...args: Parameters<typeof planCalendarWrites>) =>
  planCalendarWrites(...args).map((m) => [m.channel, m.kind, m.dedupeKey, m.payload]);

describe("a booking's writes into consultants' calendars", () => {
  it('one per change into the calendar of a consultant with CalDAV connected', () => {
    expect(planned('created', facts())).toEqual([
      [
        'calendar',
        'calendar_event',
        'calendar_event:calendar:b1:c1:2:created',
        { consultantId: 'c1' },
      ],
    ]);
    expect(planned('cancelled', facts())).toEqual([
      [
        'calendar',
        'calendar_event',
        'calendar_event:calendar:b1:c1:2:cancelled',
        { consultantId: 'c1' },
      ],
    ]);
  });

  it('none for a consultant without one, or without a consultant on file', () => {
    expect(planned('created', facts({ consultant: lou }))).toEqual([]);
    expect(planned('created', facts({ consultant: null }))).toEqual([]);
  });

  it('a reassignment: out of the calendar it leaves, into the one it joins', () => {
    const before = { startTime: start, staffId: 'c2', consultant: kim };
    expect(planned('rescheduled', facts({ before })).map(([, , key]) => key)).toEqual([
      'calendar_event:calendar:b1:c2:2:rescheduled',
      'calendar_event:calendar:b1:c1:2:rescheduled',
    ]);
    const fromLou = { startTime: start, staffId: 'c3', consultant: lou };
    expect(planned('rescheduled', facts({ before: fromLou })).map(([, , key]) => key)).toEqual([
      'calendar_event:calendar:b1:c1:2:rescheduled',
    ]);
  });
});
