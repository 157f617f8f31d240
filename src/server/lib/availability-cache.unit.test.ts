import { describe, expect, it } from 'vitest';
import { defaultBookingRules } from '#shared/booking/booking-rules.ts';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { AvailabilityCache, answerJson } from './availability-cache';
import type { CalendarSnapshot } from './calendar-snapshot';
import { CatchUp } from './catch-up';

const snapshotOf = (entries: CalendarSnapshot['entries']): CalendarSnapshot => ({
  readAt: 0,
  today: '2026-11-23',
  lastDay: '2026-12-23',
  todayEndsAt: Number.MAX_SAFE_INTEGER,
  nextOpenDay: '2026-11-24',
  rules: defaultBookingRules,
  consultants: [],
  travelBufferMinutes: 15,
  entries,
});
const tuesday10 = Date.parse('2026-11-24T10:00:00+11:00');
const booking = (id: string, start = tuesday10) =>
  ({ kind: 'booking', id, live: true, staffId: 'staff-1', start, end: start + 1_800_000 }) as const;
const always = () => true;
const dayMade = (date: string) => ({
  frame: { date, closedReason: null, holidayName: null, cells: [] },
  json: date,
  madeAt: 0,
  validUntil: 10,
});

describe('AvailabilityCache', () => {
  it('reads once, then applies each row change to what it holds and drops that day only', async () => {
    const cache = new AvailabilityCache();
    let loads = 0;
    const load = async () => (loads++, snapshotOf(new Map()));
    const held = await cache.snapshot(load, always);
    cache.day(held, '2026-11-24', 'phone', 0, () => dayMade('tue'));
    cache.day(held, '2026-11-25', 'phone', 0, () => dayMade('wed'));
    cache.apply(booking('b1'));
    const after = await cache.snapshot(load, always);
    expect(after).toBe(held);
    expect(loads).toBe(1);
    expect([...after.snapshot.entries.keys()]).toEqual(['booking:b1']);
    expect([...after.days.keys()]).toEqual(['2026-11-25|phone']);
    cache.apply({ kind: 'booking', id: 'b1', live: false });
    expect(after.snapshot.entries.size).toBe(0);
  });

  it('keeps answers compressed, within a size, and gives each encoding back', async () => {
    const cache = new AvailabilityCache();
    const held = await cache.snapshot(async () => snapshotOf(new Map()), always);
    // incompressible, so each answer costs about its length
    const json = (n: number) =>
      JSON.stringify({ n, noise: randomBytes(600_000).toString('base64') });
    const first = cache.answer(held, 'place 0', 0, () => ({ json: json(0), validUntil: 10 }));
    expect(JSON.parse(answerJson(first)).n).toBe(0);
    expect(gunzipSync(cache.encoded(held, first, 'gzip')).toString()).toBe(answerJson(first));
    for (let n = 1; n < 30; n += 1) {
      cache.answer(held, `place ${n}`, 0, () => ({ json: json(n), validUntil: 10 }));
    }
    expect(held.answers.size).toBeLessThan(30);
    expect(held.answerBytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    // the last is kept, and asked again is not worked out again
    let worked = 0;
    cache.answer(held, 'place 29', 5, () => (worked++, { json: json(29), validUntil: 10 }));
    expect(worked).toBe(0);
  });

  it('read again for its age, keeps what it worked out when it finds the same calendar', async () => {
    const sent: string[] = [];
    const cache = new AvailabilityCache(async (payload) => void sent.push(payload), 0);
    let entries = new Map([['booking:b1', { staffId: 'staff-1', start: 1, end: 2 }]]);
    let loads = 0;
    const load = async () => (loads++, snapshotOf(new Map(entries)));
    const read = async () => {
      const reading = cache.snapshot(load, always);
      await Promise.resolve();
      // each read's marker comes straight back: the listening connection is alive
      for (const payload of sent.splice(0)) {
        cache.apply({ kind: 'echo', token: payload.slice('echo:'.length) });
      }
      return reading;
    };
    let worked = 0;
    const answer = async () =>
      cache.answer(await read(), 'k', 0, () => (worked++, { json: '{}', validUntil: 10 }));
    await answer();
    await answer();
    expect([loads, worked]).toEqual([2, 1]);
    entries = new Map([['booking:b2', { staffId: 'staff-1', start: 1, end: 2 }]]);
    await answer();
    expect([loads, worked]).toEqual([3, 2]);
  });

  it('applies a change notified while it reads to what it read, whether or not it was there', async () => {
    const cache = new AvailabilityCache();
    let finish: (s: CalendarSnapshot) => void = () => undefined;
    const loading = cache.snapshot(() => new Promise((resolve) => (finish = resolve)), always);
    cache.apply(booking('b1'));
    cache.apply(booking('b2'));
    cache.apply({ kind: 'booking', id: 'b2', live: false });
    // the read saw b2 but not b1 (committed on either side of its statement)
    finish(snapshotOf(new Map([['booking:b2', { staffId: 'staff-1', start: 1, end: 2 }]])));
    expect([...(await loading).snapshot.entries.keys()]).toEqual(['booking:b1']);
  });

  it('reads everything again after a change of everything, even one made while it read', async () => {
    const cache = new AvailabilityCache();
    let loads = 0;
    const load = async () => (loads++, snapshotOf(new Map()));
    const first = cache.snapshot(load, always);
    cache.apply({ kind: 'everything' });
    await first;
    await cache.snapshot(load, always);
    expect(loads).toBe(2);
    cache.apply({ kind: 'everything' });
    await cache.snapshot(load, always);
    expect(loads).toBe(3);
  });

  it('on a lossy connection, waits for its marker before answering, and reads everything when it never comes', async () => {
    const sent: string[] = [];
    const cache = new AvailabilityCache(async (payload) => void sent.push(payload));
    let loads = 0;
    const load = async () => (loads++, snapshotOf(new Map()));
    const read = cache.snapshot(load, always);
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    expect(loads).toBe(0); // not before the marker is back
    cache.apply({ kind: 'echo', token: sent[0]!.slice('echo:'.length) });
    await read;
    expect(loads).toBe(1);

    const down = new AvailabilityCache(() => Promise.reject(new Error('connection lost')));
    await down.snapshot(load, always);
    await down.snapshot(load, always);
    expect(loads).toBe(3); // each read: the marker could not go, so what is held may be stale
  });
});

describe('CatchUp', () => {
  it('shares a round trip, and one asked for while a marker is out waits for the next', async () => {
    const trips: (() => void)[] = [];
    const catchUp = new CatchUp(() => new Promise<void>((resolve) => trips.push(resolve)));
    const done: string[] = [];
    const a = catchUp.wait().then(() => done.push('a'));
    const b = catchUp.wait().then(() => done.push('b'));
    const c = catchUp.wait().then(() => done.push('c'));
    expect(trips).toHaveLength(1);
    trips[0]!();
    await a;
    await Promise.resolve();
    expect(trips).toHaveLength(2); // b and c share the second, sent after the first came back
    expect(done).toEqual(['a']);
    trips[1]!();
    await Promise.all([b, c]);
    expect(done).toEqual(['a', 'b', 'c']);
    const d = catchUp.wait();
    expect(trips).toHaveLength(3);
    trips[2]!();
    await d;
  });
});
