import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  campaignOf,
  estimateCents,
  familyOf,
  mediumOf,
  reachedBooked,
  reachedDetails,
  reachedEstimate,
  sourceOf,
  won,
} from './lead-conditions';

// Every figure is one aggregate query over a range of an indexed time column: the database
// counts, Node only shapes the few rows that come back.

/** [start, end) instants of a range of days. */
export interface Span {
  start: Date;
  end: Date;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const leadsIn = (span: Span) =>
  sql`(select * from leads where created_at >= ${span.start.toISOString()}::timestamptz
    and created_at < ${span.end.toISOString()}::timestamptz) l`;

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

export async function leadSummary(db: Db, span: Span): Promise<LeadSummary> {
  const [row] = await rows<LeadSummary>(
    db,
    sql`select count(*)::int as contact,
      count(*) filter (where ${reachedDetails})::int as details,
      count(*) filter (where ${reachedEstimate})::int as estimate,
      count(*) filter (where ${reachedBooked})::int as booked,
      count(*) filter (where ${won})::int as won,
      count(${estimateCents})::int as "priced",
      coalesce(sum(${estimateCents}), 0)::float8 as "priceTotal",
      count(${estimateCents}) filter (where ${reachedBooked})::int as "bookedPriced",
      coalesce(sum(${estimateCents}) filter (where ${reachedBooked}), 0)::float8 as "bookedTotal",
      (percentile_cont(0.5) within group (order by
        extract(epoch from (l.first_staff_action_at - l.created_at)) * 1000))::float8 as "medianMs",
      count(l.first_staff_action_at)::int as "actedOn",
      count(*) filter (where l.first_staff_action_at is null)::int as waiting
    from ${leadsIn(span)}`,
  );
  return row!;
}

export interface GroupRow {
  source: string;
  medium: string | null;
  campaign: string | null;
  family: string;
  leads: number;
  booked: number;
  won: number;
}

/** Leads per source, medium, campaign and click id family. */
export function leadGroups(db: Db, span: Span) {
  return rows<GroupRow>(
    db,
    sql`select ${sourceOf} as source, ${mediumOf} as medium, ${campaignOf} as campaign,
      ${familyOf} as family, count(*)::int as leads,
      count(*) filter (where ${reachedBooked})::int as booked,
      count(*) filter (where ${won})::int as won
    from ${leadsIn(span)} group by 1, 2, 3, 4`,
  );
}

export function estimatesByConcern(db: Db, span: Span) {
  return rows<{ painPoint: string; count: number; totalCents: number }>(
    db,
    sql`select l.data -> 'details' ->> 'painPoint' as "painPoint", count(*)::int as count,
      sum(${estimateCents})::float8 as "totalCents"
    from ${leadsIn(span)}
    where ${estimateCents} is not null and (l.data -> 'details' ->> 'painPoint') is not null
    group by 1 order by 3 desc`,
  );
}

export function promoUses(db: Db, span: Span) {
  const discount = sql`l.data -> 'estimate' -> 'discount'`;
  return rows<{ code: string; uses: number; booked: number; discountCents: number }>(
    db,
    sql`select upper(${discount} ->> 'code') as code, count(*)::int as uses,
      count(*) filter (where ${reachedBooked})::int as booked,
      coalesce(sum(case when jsonb_typeof(${discount} -> 'amountCents') = 'number'
        then (${discount} ->> 'amountCents')::float8 end) filter (where ${reachedBooked}), 0)::float8
        as "discountCents"
    from ${leadsIn(span)} where (${discount} ->> 'code') is not null
    group by 1 order by 2 desc`,
  );
}

/** Visits that started in the range: a session replacing an expired or completed one is the same visit. */
export async function visitors(db: Db, span: Span): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql`select count(*)::int as count from sessions
    where created_at >= ${span.start.toISOString()}::timestamptz
      and created_at < ${span.end.toISOString()}::timestamptz
      and previous_session_id is null and previous_booking_session_id is null`,
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

export async function bookingSummary(db: Db, span: Span): Promise<BookingSummary> {
  const start = sql`${span.start.toISOString()}::timestamptz`;
  const end = sql`${span.end.toISOString()}::timestamptz`;
  const [row] = await rows<BookingSummary>(
    db,
    sql`select made.count as made, made.phone, made.onsite,
      changes.cancellations, changes.reschedules, shows.count as "noShows"
    from (select count(*)::int as count,
        count(*) filter (where service_type = 'phone')::int as phone,
        count(*) filter (where service_type = 'onsite')::int as onsite
      from bookings where created_at >= ${start} and created_at < ${end}) made,
    (select count(*) filter (where action = 'booking_cancelled')::int as cancellations,
        count(*) filter (where action = 'booking_rescheduled')::int as reschedules
      from activities where action in ('booking_cancelled', 'booking_rescheduled')
        and timestamp >= ${start} and timestamp < ${end}) changes,
    (select count(*)::int as count from bookings
      where status = 'no_show' and start_time >= ${start} and start_time < ${end}) shows`,
  );
  return row!;
}

/** Leads and bookings made per Melbourne day ('YYYY-MM-DD'); days without any are left out. */
export function perDay(db: Db, span: Span, timezone: string) {
  const start = sql`${span.start.toISOString()}::timestamptz`;
  const end = sql`${span.end.toISOString()}::timestamptz`;
  const day = (column: SQL) => sql`to_char(${column} at time zone ${timezone}, 'YYYY-MM-DD')`;
  return rows<{ date: string; leads: number; bookings: number }>(
    db,
    sql`select date, sum(leads)::int as leads, sum(bookings)::int as bookings from (
      select ${day(sql`created_at`)} as date, count(*) as leads, 0 as bookings from leads
        where created_at >= ${start} and created_at < ${end} group by 1
      union all
      select ${day(sql`created_at`)}, 0, count(*) from bookings
        where created_at >= ${start} and created_at < ${end} group by 1
    ) d group by date`,
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

export async function painPointNames(db: Db): Promise<Map<string, string>> {
  const found = await rows<{ id: string; name: string }>(db, sql`select id, name from pain_points`);
  return new Map(found.map((r) => [r.id, r.name]));
}
