import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeEstimateSteps } from '#tests/helpers/flows.ts';
import {
  at,
  createBookingTestApp,
  holdAndBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import type { Db } from '#server/db/client.ts';
import { leads, sessions, settings, utmCaptures } from '#server/db/schema/index.ts';

// The dashboard's daily roll-ups (ADR 027) are kept by triggers on every write. After each kind of
// write (the customer's steps, a capture, a booking and its changes, staff actions, a merge, an
// erasure, a time-zone change) they must equal the roll-ups rebuilt from the rows, and their
// totals the rows' own counts.

// Each counted roll-up's key (day and group) and counts; rows are summed over their shards (ADR 038).
const tables = {
  dashboard_lead_days: {
    key: ['day', 'source', 'medium', 'campaign', 'family'],
    counts: [
      'leads',
      'details',
      'estimate',
      'booked',
      'won',
      'priced',
      'price_total',
      'booked_priced',
      'booked_total',
      'acted_on',
    ],
  },
  dashboard_concern_days: { key: ['day', 'pain_point'], counts: ['count', 'total'] },
  dashboard_promo_days: { key: ['day', 'code'], counts: ['uses', 'booked', 'discount'] },
  dashboard_visit_days: { key: ['day'], counts: ['visitors'] },
  dashboard_booking_days: { key: ['day'], counts: ['made', 'phone', 'onsite'] },
};

async function all<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every roll-up as text, in one order: each key's counts summed over its shards, keys whose sums
 * are all zero left out (they count nothing); each day's waits sorted (their order is not kept).
 */
async function rollups(db: Db) {
  const out: Record<string, string[]> = {};
  for (const [table, { key, counts }] of Object.entries(tables)) {
    const sums = counts.map((count) => `sum(${count})`);
    const rows = await all<{ r: string }>(
      db,
      sql.raw(`select concat_ws(' ', ${[...key, ...sums].join(', ')}) as r from ${table}
        group by ${key.join(', ')} having ${sums.map((sum) => `${sum} <> 0`).join(' or ')}`),
    );
    out[table] = rows.map((row) => row.r).sort();
  }
  const waits = await all<{ r: string }>(
    db,
    sql`select day::text || ' ' || array(select unnest(waits) order by 1)::text as r
      from dashboard_response_days`,
  );
  out.dashboard_response_days = waits.map((row) => row.r).sort();
  return out;
}

/** The roll-ups the triggers kept equal a rebuild from the rows, and count what the rows hold. */
async function expectRollupsAgree(db: Db) {
  const kept = await rollups(db);
  await db.execute(sql`select dashboard_rollups_rebuild(timezone) from dashboard_rollup_state`);
  expect(kept).toEqual(await rollups(db));

  const [counts] = await all<Record<string, number>>(
    db,
    sql`select
      (select count(*) from leads)::int as leads,
      (select coalesce(sum(leads), 0) from dashboard_lead_days)::int as "rolledLeads",
      (select count(*) from leads where first_staff_action_at is not null)::int as acted,
      (select coalesce(sum(cardinality(waits)), 0) from dashboard_response_days)::int as "rolledWaits",
      (select count(*) from sessions where previous_session_id is null
        and previous_booking_session_id is null)::int as visits,
      (select coalesce(sum(visitors), 0) from dashboard_visit_days)::int as "rolledVisits",
      (select count(*) from bookings)::int as bookings,
      (select coalesce(sum(made), 0) from dashboard_booking_days)::int as "rolledBookings"`,
  );
  expect(counts!.rolledLeads).toBe(counts!.leads);
  expect(counts!.rolledWaits).toBe(counts!.acted);
  expect(counts!.rolledVisits).toBe(counts!.visits);
  expect(counts!.rolledBookings).toBe(counts!.bookings);
}

describe('the dashboard roll-ups agree with the rows', () => {
  let t: BookingTestApp;
  let db: Db;
  let staff: string;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, ...sameOrigin }, ...(payload && { payload }) });

  beforeAll(async () => {
    t = await createBookingTestApp();
    db = t.database.db;
    staff = await signInAs(t.app, (await createStaff(db)).email);
    admin = await signInAs(t.app, (await createStaff(db, { role: 'admin' })).email);
  });
  afterAll(() => t.close());

  it('after the customer’s steps, a capture, bookings and staff actions', async () => {
    const first = await completeEstimateSteps(t.app);
    await expectRollupsAgree(db);

    // a capture on the session: the lead's click id family follows it, and back when removed
    const family = async () =>
      (
        await all<{ family: string }>(
          db,
          sql`select click_family as family from leads where id = ${first.leadId}`,
        )
      )[0]!.family;
    const [capture] = await db
      .insert(utmCaptures)
      .values({ sessionId: first.sessionId, family: 'meta_ads' })
      .returning();
    expect(await family()).toBe('meta_ads');
    await expectRollupsAgree(db);
    await db.delete(utmCaptures).where(eq(utmCaptures.id, capture!.id));
    expect(await family()).toBe('other_utm'); // its own utm tags (tests/factories.ts)
    await expectRollupsAgree(db);

    // booked, moved, then staff act on it (speed to lead) and win it
    const { booking } = await holdAndBook(t.app, first.sessionId, at('2026-11-26', '10:00'));
    await expectRollupsAgree(db);
    const moved = await call('POST', `/api/bookings/${booking.id}/reschedule`, staff, {
      startTime: at('2026-11-27', '11:00'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    t.advance(25);
    const note = await call('POST', `/api/leads/${first.leadId}/notes`, staff, { text: 'Called' });
    expect(note.statusCode, note.body).toBe(201);
    const won = await call('PATCH', `/api/leads/${first.leadId}`, staff, { stage: 'won' });
    expect(won.statusCode, won.body).toBe(200);
    await expectRollupsAgree(db);

    // another lead booked and cancelled, one lost; a replacement session is the same visit
    const second = await completeEstimateSteps(t.app);
    const other = await holdAndBook(t.app, second.sessionId, at('2026-11-26', '11:00'));
    const cancel = await call('POST', `/api/bookings/${other.booking.id}/cancel`, staff, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const third = await completeEstimateSteps(t.app);
    const lost = await call('PATCH', `/api/leads/${third.leadId}`, staff, {
      stage: 'lost',
      lostReason: 'Too dear',
    });
    expect(lost.statusCode, lost.body).toBe(200);
    await db
      .update(sessions)
      .set({ previousSessionId: third.sessionId })
      .where(eq(sessions.id, second.sessionId));
    await expectRollupsAgree(db);
  });

  it('after a merge of one person’s records', async () => {
    const email = 'same.person@example.com';
    const a = await completeEstimateSteps(t.app, { email });
    const b = await completeEstimateSteps(t.app, { email });
    await holdAndBook(t.app, b.sessionId, at('2026-11-30', '10:00'));
    await db.insert(utmCaptures).values({ sessionId: b.sessionId, family: 'google_ads' });
    const merged = await call('POST', `/api/customers/${a.customerId}/merge`, staff, {
      customerIds: [b.customerId],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await expectRollupsAgree(db);
  });

  it('after an erasure, with the counts kept', async () => {
    const person = await completeEstimateSteps(t.app, { email: 'forget.me@example.com' });
    await holdAndBook(t.app, person.sessionId, at('2026-12-01', '10:00'));
    await db.insert(utmCaptures).values({ sessionId: person.sessionId, family: 'google_ads' });
    const leadsBefore = await db.$count(leads);
    const erased = await call(
      'POST',
      `/api/admin/privacy/customers/${person.customerId}/erase`,
      admin,
    );
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await db.$count(leads)).toBe(leadsBefore);
    await expectRollupsAgree(db);
  });

  it('after a change of time zone: the next dashboard read counts the days there', async () => {
    await db.update(settings).set({ value: 'Australia/Perth' }).where(eq(settings.key, 'timezone'));
    const res = await call('GET', '/api/dashboard?compare=none', staff);
    expect(res.statusCode, res.body).toBe(200);
    const [state] = await all<{ timezone: string }>(
      db,
      sql`select timezone from dashboard_rollup_state`,
    );
    expect(state!.timezone).toBe('Australia/Perth');
    const perDay = await all<{ day: string; n: number }>(
      db,
      sql`select (created_at at time zone 'Australia/Perth')::date::text as day, count(*)::int as n
        from leads group by 1 order by 1`,
    );
    const rolled = await all<{ day: string; n: number }>(
      db,
      sql`select day::text as day, sum(leads)::int as n from dashboard_lead_days group by 1
        order by 1`,
    );
    expect(rolled).toEqual(perDay);
    await expectRollupsAgree(db);
  });
});
