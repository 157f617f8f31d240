import { sql, type SQL } from 'drizzle-orm';
import type { GroupRow } from '#shared/dashboard/dashboard-groups.ts';
import type { Db } from '#server/db/client.ts';
import type { Span } from '#server/lib/day-period.ts';

// The figures of a range of days read the daily roll-ups (ADR 027, migration 0011): triggers keep
// them in the transaction of every write to leads, sessions, bookings and utm_captures, so a
// range reads a few rows per day (and group) instead of every row it counts: one per shard, the
// writing connection's (ADR 038), summed here; a group whose sums are zero counts nothing.
// Cancellations, reschedules and no-shows are few, counted from their indexed rows.

/** A range of days, from and to inclusive ('YYYY-MM-DD', days of the roll-ups' time zone). */
export interface Days {
  from: string;
  to: string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dayIn = (days: Days) => sql`day between ${days.from}::date and ${days.to}::date`;

/**
 * The roll-ups count days in the time zone they were built in; a changed time-zone setting
 * rebuilds them from the rows once (the first dashboard read after the change).
 */
export async function ensureRollupTimezone(db: Db, timezone: string): Promise<void> {
  const [state] = await rows<{ timezone: string }>(
    db,
    sql`select timezone from dashboard_rollup_state`,
  );
  if (state?.timezone !== timezone) {
    await db.execute(sql`select dashboard_rollups_rebuild(${timezone})`);
  }
}

export interface LeadSummary {
  contact: number;
  details: number;
  estimate: number;
  booked: number;
  won: number;
  priced: number;
  priceTotal: number;
  bookedPriced: number;
  bookedTotal: number;
  medianMs: number | null;
  actedOn: number;
  waiting: number;
}

export async function leadSummary(db: Db, days: Days): Promise<LeadSummary> {
  const [row] = await rows<LeadSummary>(
    db,
    sql`select coalesce(sum(leads), 0)::int as contact,
      coalesce(sum(details), 0)::int as details,
      coalesce(sum(estimate), 0)::int as estimate,
      coalesce(sum(booked), 0)::int as booked,
      coalesce(sum(won), 0)::int as won,
      coalesce(sum(priced), 0)::int as "priced",
      coalesce(sum(price_total), 0)::float8 as "priceTotal",
      coalesce(sum(booked_priced), 0)::int as "bookedPriced",
      coalesce(sum(booked_total), 0)::float8 as "bookedTotal",
      (select percentile_cont(0.5) within group (order by w)
        from dashboard_response_days, unnest(waits) w where ${dayIn(days)})::float8 as "medianMs",
      coalesce(sum(acted_on), 0)::int as "actedOn",
      coalesce(sum(leads - acted_on), 0)::int as waiting
    from dashboard_lead_days where ${dayIn(days)}`,
  );
  return row!;
}

export type { GroupRow };

/** Leads per source, medium, campaign and click id family. */
export function leadGroups(db: Db, days: Days) {
  return rows<GroupRow>(
    db,
    sql`select source, nullif(medium, '') as medium, nullif(campaign, '') as campaign, family,
      sum(leads)::int as leads, sum(booked)::int as booked, sum(won)::int as won
    from dashboard_lead_days where ${dayIn(days)} group by 1, 2, 3, 4 having sum(leads) <> 0`,
  );
}

export function estimatesByConcern(db: Db, days: Days) {
  return rows<{ painPoint: string; count: number; totalCents: number }>(
    db,
    sql`select pain_point as "painPoint", sum(count)::int as count, sum(total)::float8 as "totalCents"
    from dashboard_concern_days where ${dayIn(days)} group by 1 having sum(count) > 0
    order by 3 desc`,
  );
}

export function promoUses(db: Db, days: Days) {
  return rows<{ code: string; uses: number; booked: number; discountCents: number }>(
    db,
    sql`select code, sum(uses)::int as uses, sum(booked)::int as booked,
      sum(discount)::float8 as "discountCents"
    from dashboard_promo_days where ${dayIn(days)} group by 1 having sum(uses) > 0
    order by 2 desc`,
  );
}

/** Visits that started in the range: a session replacing an expired or completed one is the same visit. */
export async function visitors(db: Db, days: Days): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql`select coalesce(sum(visitors), 0)::int as count from dashboard_visit_days
    where ${dayIn(days)}`,
  );
  return row!.count;
}

export interface BookingSummary {
  made: number;
  phone: number;
  onsite: number;
  cancellations: number;
  reschedules: number;
  noShows: number;
}

export async function bookingSummary(db: Db, days: Days, span: Span): Promise<BookingSummary> {
  const start = sql`${span.start.toISOString()}::timestamptz`;
  const end = sql`${span.end.toISOString()}::timestamptz`;
  const [row] = await rows<BookingSummary>(
    db,
    sql`select made.made, made.phone, made.onsite,
      changes.cancellations, changes.reschedules, shows.count as "noShows"
    from (select coalesce(sum(made), 0)::int as made, coalesce(sum(phone), 0)::int as phone,
        coalesce(sum(onsite), 0)::int as onsite
      from dashboard_booking_days where ${dayIn(days)}) made,
    (select count(*) filter (where action = 'booking_cancelled')::int as cancellations,
        count(*) filter (where action = 'booking_rescheduled')::int as reschedules
      from activities where action in ('booking_cancelled', 'booking_rescheduled')
        and timestamp >= ${start} and timestamp < ${end}) changes,
    (select count(*)::int as count from bookings
      where status = 'no_show' and start_time >= ${start} and start_time < ${end}) shows`,
  );
  return row!;
}

/** Leads and bookings made per day ('YYYY-MM-DD'); days without any are left out. */
export function perDay(db: Db, days: Days) {
  return rows<{ date: string; leads: number; bookings: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as date, sum(leads)::int as leads,
      sum(bookings)::int as bookings from (
      select day, leads, 0 as bookings from dashboard_lead_days where ${dayIn(days)}
      union all
      select day, 0, made from dashboard_booking_days where ${dayIn(days)}
    ) d group by day having sum(leads) <> 0 or sum(bookings) <> 0`,
  );
}

/** Live appointments per Melbourne day and kind, from their start. */
export function appointmentsPerDay(db: Db, span: Span, timezone: string) {
  return rows<{ date: string; phone: number; onsite: number }>(
    db,
    sql`select to_char(start_time at time zone ${timezone}, 'YYYY-MM-DD') as date,
      count(*) filter (where service_type = 'phone')::int as phone,
      count(*) filter (where service_type = 'onsite')::int as onsite
    from bookings
    where start_time >= ${span.start.toISOString()}::timestamptz
      and start_time < ${span.end.toISOString()}::timestamptz and status not in ('cancelled')
    group by 1`,
  );
}

export { painPointNames } from '#server/db/catalogue-store.ts';
