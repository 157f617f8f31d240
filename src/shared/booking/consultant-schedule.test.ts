import { describe, expect, it } from 'vitest';
import type { SchedulingConsultant, VisitPlace, WeeklyHours } from './consultant';
import { chooseConsultant, consultantDays, type ConsultantDaysInput } from './consultant-schedule';
import type { Commitment } from './day-frame';

// The clock is frozen in every case: Monday 30 November 2026, 09:00 in Melbourne (before the
// 16:00 cutoff, so Tuesday is bookable from its first slot). The grid is the default one:
// 16 slots of 30 minutes from 08:00.
const now = Date.parse('2026-11-30T09:00:00+11:00');
const tuesday = '2026-12-01';

const place = (lat: number, lng: number, postcode: string): VisitPlace => ({ lat, lng, postcode });
const dandenong = place(-37.9875, 145.2148, '3175');
const melbourne = place(-37.8136, 144.9631, '3000');
const frankston = place(-38.1446, 145.1235, '3199');
const frankstonSouth = place(-38.163, 145.135, '3199');
const sunbury = place(-37.5774, 144.7261, '3429');
const richmond = place(-37.8183, 145.0018, '3121');

const none = { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] };
const mornings = { start: '08:00', end: '12:00' };
const weekdayMornings: WeeklyHours = {
  ...none,
  ...Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [mornings]])),
};

const consultant = (
  id: string,
  more: Partial<SchedulingConsultant> = {},
): SchedulingConsultant => ({
  id,
  active: true,
  services: ['phone', 'onsite'],
  weeklyHours: weekdayMornings,
  timeOff: [],
  base: dandenong,
  territory: null,
  ...more,
});

const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+11:00`);
const visitAt = (consultantId: string, time: string, where: VisitPlace | null): Commitment => ({
  consultantId,
  start: at(tuesday, time),
  end: at(tuesday, time) + 30 * 60_000,
  place: where,
});

/** `date`'s slots as "consultant@HH:MM" → available. */
function slotsOn(input: Partial<ConsultantDaysInput> & Pick<ConsultantDaysInput, 'consultants'>) {
  const [day] = consultantDays({
    commitments: [],
    now,
    from: tuesday,
    to: tuesday,
    serviceType: 'phone',
    ...input,
  });
  return new Map(
    (day?.slots ?? []).map((s) => [`${s.staffId}@${s.startTime.slice(11, 16)}`, s.available]),
  );
}
const freeTimes = (slots: Map<string, boolean>) =>
  [...slots].filter(([, free]) => free).map(([key]) => key);

describe('consultantDays: who can take which slot', () => {
  it('offers each consultant only within their own hours', () => {
    const afternoons = { ...none, tue: [{ start: '12:00', end: '16:00' }] };
    const slots = slotsOn({
      consultants: [consultant('a'), consultant('b', { weeklyHours: afternoons })],
    });
    expect([slots.get('a@08:00'), slots.get('b@08:00')]).toEqual([true, undefined]);
    expect([slots.get('a@13:00'), slots.get('b@13:00')]).toEqual([undefined, true]);
    expect(slots.get('a@11:30')).toBe(true); // ends at 12:00, inside the range
    expect(slots.get('a@12:00')).toBeUndefined();
    expect(slots.size).toBe(16);
  });

  it('keeps a lunch break and a Saturday morning', () => {
    const split = {
      ...none,
      tue: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '16:00' },
      ],
      sat: [mornings],
    };
    const slots = slotsOn({ consultants: [consultant('a', { weeklyHours: split })] });
    expect([slots.get('a@11:30'), slots.get('a@12:00'), slots.get('a@12:30')]).toEqual([
      true,
      undefined,
      undefined,
    ]);
    expect(slots.get('a@13:00')).toBe(true);
    const [saturday] = consultantDays({
      rules: { allowWeekends: true },
      consultants: [consultant('a', { weeklyHours: split })],
      commitments: [],
      now,
      from: '2026-12-05',
      to: '2026-12-05',
      serviceType: 'phone',
    });
    expect(saturday?.slots.map((s) => s.startTime.slice(11, 16))).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('leaves out a consultant on time off, inactive, or not doing the service', () => {
    const slots = slotsOn({
      consultants: [
        consultant('off', { timeOff: [{ from: '2026-11-30', to: tuesday }] }),
        consultant('gone', { active: false }),
        consultant('onsite-only', { services: ['onsite'] }),
        consultant('here'),
      ],
    });
    expect(new Set([...slots.keys()].map((key) => key.split('@')[0]))).toEqual(new Set(['here']));
  });

  it('shows a booking and an unexpired hold as taken, and a lapsed hold as free', () => {
    const slots = slotsOn({
      consultants: [consultant('a')],
      commitments: [
        visitAt('a', '08:00', null),
        { ...visitAt('a', '08:30', null), expiresAt: now + 60_000 },
        { ...visitAt('a', '09:00', null), expiresAt: now },
      ],
    });
    expect([slots.get('a@08:00'), slots.get('a@08:30'), slots.get('a@09:00')]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('goes onsite only inside a territory: postcodes, or a radius from the base', () => {
    const consultants = [
      consultant('peninsula', { territory: { postcodes: ['3199'] } }),
      consultant('city', { base: melbourne, territory: { radiusKm: 20 } }),
    ];
    const who = (visit: VisitPlace) =>
      new Set(
        [...slotsOn({ consultants, serviceType: 'onsite', visit }).keys()].map(
          (key) => key.split('@')[0],
        ),
      );
    expect(who(frankston)).toEqual(new Set(['peninsula']));
    expect(who(richmond)).toEqual(new Set(['city']));
    expect(who(sunbury)).toEqual(new Set());
    // phone consultations know no territory
    expect(slotsOn({ consultants }).size).toBe(16);
  });
});

describe('consultantDays: the drive to and from an onsite visit', () => {
  const one = [consultant('a')];
  const frankstonAt9 = [visitAt('a', '09:00', frankston)];

  it('Frankston at 9:00 leaves no onsite time that day for Sunbury', () => {
    const slots = slotsOn({
      consultants: one,
      commitments: frankstonAt9,
      serviceType: 'onsite',
      visit: sunbury,
    });
    expect(freeTimes(slots)).toEqual([]);
  });

  it('and a time after 9:30 for a Frankston neighbour, once the short drive is done', () => {
    const slots = slotsOn({
      consultants: one,
      commitments: frankstonAt9,
      serviceType: 'onsite',
      visit: frankstonSouth,
    });
    // 15 minutes' drive and the 15-minute buffer after 09:30; before 9:00 the drive from the
    // base (Dandenong) would start before the working day
    expect(freeTimes(slots)[0]).toBe('a@10:00');
    expect(slots.get('a@09:30')).toBe(false);
    expect(slots.get('a@08:00')).toBe(false);
  });

  it('refuses a phone call inside the drive to a visit, and offers one right after it', () => {
    const slots = slotsOn({ consultants: one, commitments: frankstonAt9 });
    // Dandenong → Frankston: 45 minutes' drive and 15 of buffer, 08:00–09:00
    expect([slots.get('a@08:00'), slots.get('a@08:30'), slots.get('a@09:00')]).toEqual([
      false,
      false,
      false,
    ]);
    expect(slots.get('a@09:30')).toBe(true);
  });

  it('still reaches the next visit: nothing onsite before it that leaves too little time', () => {
    const laterFrankston = [visitAt('a', '11:00', frankston)];
    const sunburyFirst = slotsOn({
      consultants: one,
      commitments: laterFrankston,
      serviceType: 'onsite',
      visit: sunbury,
    });
    // Sunbury → Frankston is two hours and more: no Sunbury visit fits before 11:00
    expect(freeTimes(sunburyFirst)).toEqual([]);
    const neighbourFirst = slotsOn({
      consultants: one,
      commitments: laterFrankston,
      serviceType: 'onsite',
      visit: frankstonSouth,
    });
    expect(neighbourFirst.get('a@10:00')).toBe(true);
    expect(neighbourFirst.get('a@10:30')).toBe(false); // no time to drive 15 min and rest 15
  });

  it('a second consultant takes the Sunbury visit the first cannot', () => {
    const two = [...one, consultant('b', { base: melbourne })];
    const slots = slotsOn({
      consultants: two,
      commitments: frankstonAt9,
      serviceType: 'onsite',
      visit: sunbury,
    });
    expect(freeTimes(slots).every((key) => key.startsWith('b@'))).toBe(true);
    expect(freeTimes(slots)).toContain('b@10:00');
  });
});

describe('consultantDays: daylight saving Sundays in Melbourne', () => {
  const sundays = { ...none, sun: [mornings] };
  const sundayAt = (date: string, clock: string) =>
    consultantDays({
      rules: { allowWeekends: true },
      consultants: [consultant('a', { weeklyHours: sundays })],
      commitments: [],
      now: Date.parse(clock),
      from: date,
      to: date,
      serviceType: 'phone',
    })[0]!.slots.map((s) => s.startTime);

  it('keeps wall-clock hours on the day summer time starts (4 October 2026)', () => {
    const slots = sundayAt('2026-10-04', '2026-09-20T09:00:00+10:00');
    expect(slots).toHaveLength(8);
    expect([slots[0], slots.at(-1)]).toEqual([
      '2026-10-04T08:00:00+11:00',
      '2026-10-04T11:30:00+11:00',
    ]);
  });

  it('and on the day it ends (4 April 2027)', () => {
    const slots = sundayAt('2027-04-04', '2027-03-20T09:00:00+11:00');
    expect(slots).toHaveLength(8);
    expect([slots[0], slots.at(-1)]).toEqual([
      '2027-04-04T08:00:00+10:00',
      '2027-04-04T11:30:00+10:00',
    ]);
  });
});

describe('chooseConsultant', () => {
  const loads: Record<string, { bookingsThatDay: number; lastBookedAt: number | null }> = {
    busy: { bookingsThatDay: 3, lastBookedAt: 1 },
    recent: { bookingsThatDay: 1, lastBookedAt: 500 },
    earlier: { bookingsThatDay: 1, lastBookedAt: 100 },
    fresh: { bookingsThatDay: 1, lastBookedAt: null },
  };
  const load = (id: string) => loads[id]!;

  it('gives the slot to the fewest bookings that day, then the least recently booked', () => {
    expect(chooseConsultant(['busy', 'recent', 'earlier'], load)).toBe('earlier');
    expect(chooseConsultant(['recent', 'fresh', 'earlier'], load)).toBe('fresh');
    expect(chooseConsultant(['busy', 'recent'], load)).toBe('recent');
    expect(chooseConsultant([], load)).toBeUndefined();
  });

  it('decides ties by id, whatever the order it is given them in', () => {
    const even = () => ({ bookingsThatDay: 0, lastBookedAt: null });
    expect(chooseConsultant(['c', 'a', 'b'], even)).toBe('a');
    expect(chooseConsultant(['b', 'c', 'a'], even)).toBe('a');
  });
});
