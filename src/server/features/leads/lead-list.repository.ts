import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type {
  BookingState,
  LeadSort,
  LeadStage,
  LeadStatus,
} from '#shared/leads/leads.contract.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, customers, leads, painPoints, uploadedFiles } from '#server/db/schema/index.ts';
import type { SearchTerm } from './lead-search';

export interface LeadFilter {
  stage?: LeadStage | undefined;
  status?: LeadStatus | undefined;
  booking?: BookingState | undefined;
  painPoint?: string | undefined;
  source?: string | undefined;
  medium?: string | undefined;
  campaign?: string | undefined;
  /** created_at ≥ this and < createdBefore (Melbourne day bounds, made by the service). */
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  hasPhotos?: boolean | undefined;
  search: SearchTerm[];
}

const hasPhoto = sql`exists (select 1 from ${uploadedFiles} f where f.lead_id = ${leads.id} and f.content_type like 'image/%')`;

function bookingCondition(state: BookingState, now: Date): SQL | undefined {
  switch (state) {
    case 'none':
      return eq(leads.hasBooking, false);
    case 'cancelled':
      return and(eq(leads.hasBooking, true), isNull(leads.appointmentAt));
    case 'upcoming':
      return gte(leads.appointmentAt, now);
    case 'past':
      return lt(leads.appointmentAt, now);
  }
}

/** What one search term asks of a customer, through the prefix indexes of migration 0006. */
function termMatch(term: SearchTerm): SQL {
  const c = customers;
  return term.kind === 'phone'
    ? sql`${c.phoneDigits} like ${`${term.digits}%`}`
    : sql`(lower(${c.firstName}) like ${term.prefix} or lower(${c.lastName}) like ${term.prefix}
        or ${c.email} like ${term.prefix} or lower(${c.suburb}) like ${term.prefix})`;
}

/**
 * Leads of the customers matching every term, found as one array first: the leads are then
 * fetched by leads_customer_idx and sorted, so the time follows the number of matches. (With
 * `in (select …)` the planner sometimes walked down the newest leads testing each: 250 ms for a
 * surname of 1 lead in 125 at 100,000 leads; bench/leads.ts.)
 */
function searchCondition(terms: SearchTerm[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  const c = customers;
  return sql`${leads.customerId} = any(array(select ${c.id} from ${c} where ${and(...terms.map(termMatch))}))`;
}

const lowerOf = (column: AnyColumn, fallback: AnyColumn) =>
  sql`lower(coalesce(${column}, ${fallback}))`;

/** Every filter but the stage (the tabs count per stage under the others). */
export function filterConditions(f: LeadFilter, now: Date): (SQL | undefined)[] {
  return [
    f.status ? eq(leads.status, f.status) : undefined,
    f.booking ? bookingCondition(f.booking, now) : undefined,
    f.painPoint ? sql`(${leads.data} -> 'details' ->> 'painPoint') = ${f.painPoint}` : undefined,
    f.source
      ? sql`${lowerOf(leads.utmSource, leads.source)} = ${f.source.toLowerCase()}`
      : undefined,
    f.medium
      ? sql`${lowerOf(leads.utmMedium, leads.medium)} = ${f.medium.toLowerCase()}`
      : undefined,
    f.campaign
      ? sql`${lowerOf(leads.utmCampaign, leads.campaign)} = ${f.campaign.toLowerCase()}`
      : undefined,
    f.createdFrom ? gte(leads.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(leads.createdAt, f.createdBefore) : undefined,
    f.hasPhotos === undefined ? undefined : f.hasPhotos ? hasPhoto : sql`not ${hasPhoto}`,
    searchCondition(f.search),
  ];
}

/**
 * A sort is one or two phases read one after the other, each a keyset over (key, id) on an
 * index: rows never repeat or go missing while new leads arrive, whatever the page size.
 */
export interface Phase {
  where: SQL | undefined;
  key: typeof leads.createdAt | typeof leads.appointmentAt;
  dir: 'asc' | 'desc';
}

export function phasesOf(sort: LeadSort, now: Date): Phase[] {
  const newest: Phase = { where: undefined, key: leads.createdAt, dir: 'desc' };
  if (sort === 'next_appointment') {
    return [
      { where: gte(leads.appointmentAt, now), key: leads.appointmentAt, dir: 'asc' },
      {
        where: or(isNull(leads.appointmentAt), lt(leads.appointmentAt, now)),
        key: leads.createdAt,
        dir: 'desc',
      },
    ];
  }
  if (sort === 'waiting') {
    return [
      { where: isNull(leads.firstStaffActionAt), key: leads.createdAt, dir: 'asc' },
      { ...newest, where: isNotNull(leads.firstStaffActionAt) },
    ];
  }
  return [newest];
}

function after(phase: Phase, cursor: { key: Date; id: string }): SQL | undefined {
  const beyond = phase.dir === 'asc' ? gt : lt;
  return or(
    beyond(phase.key, cursor.key),
    and(eq(phase.key, cursor.key), beyond(leads.id, cursor.id)),
  );
}

const rowColumns = {
  id: leads.id,
  customerId: leads.customerId,
  stage: leads.stage,
  status: leads.status,
  source: sql<string>`coalesce(${leads.utmSource}, ${leads.source})`,
  medium: sql<string | null>`coalesce(${leads.utmMedium}, ${leads.medium})`,
  campaign: sql<string | null>`coalesce(${leads.utmCampaign}, ${leads.campaign})`,
  utmTerm: leads.utmTerm,
  utmContent: leads.utmContent,
  referrer: leads.referrer,
  landingPage: leads.landingPage,
  painPoint: sql<string | null>`${leads.data} -> 'details' ->> 'painPoint'`,
  estimatedPrice: sql<unknown>`${leads.data} -> 'estimatedPrice'`,
  createdAt: leads.createdAt,
  firstStaffActionAt: leads.firstStaffActionAt,
  appointmentAt: leads.appointmentAt,
  hasBooking: leads.hasBooking,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  suburb: customers.suburb,
  erasedAt: customers.erasedAt,
};

/** Rows of one phase after an optional cursor, in its order. */
export function readPhase(
  db: Db,
  conditions: (SQL | undefined)[],
  phase: Phase,
  cursor: { key: Date; id: string } | null,
  limit: number,
) {
  const order = phase.dir === 'asc' ? asc : desc;
  return db
    .select(rowColumns)
    .from(leads)
    .leftJoin(customers, eq(customers.id, leads.customerId))
    .where(and(...conditions, phase.where, cursor ? after(phase, cursor) : undefined))
    .orderBy(order(phase.key), order(leads.id))
    .limit(limit);
}
export type LeadListDbRow = Awaited<ReturnType<typeof readPhase>>[number];

export async function countByStage(db: Db, conditions: (SQL | undefined)[]) {
  return db
    .select({ stage: leads.stage, count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(...conditions))
    .groupBy(leads.stage);
}

/** Each lead's bookings, newest start first (the row shows one, the detail shows all). */
export function bookingsOfLeads(db: Db, leadIds: string[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bookings)
    .where(inArray(bookings.leadId, leadIds))
    .orderBy(desc(bookings.startTime));
}

export async function photoCounts(db: Db, leadIds: string[]): Promise<Map<string, number>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .select({ leadId: uploadedFiles.leadId, count: sql<number>`count(*)::int` })
    .from(uploadedFiles)
    .where(
      and(inArray(uploadedFiles.leadId, leadIds), sql`${uploadedFiles.contentType} like 'image/%'`),
    )
    .groupBy(uploadedFiles.leadId);
  return new Map(rows.map((r) => [r.leadId ?? '', r.count]));
}

export async function painPointNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ id: painPoints.id, name: painPoints.name }).from(painPoints);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const stageCondition = (stage: LeadStage | undefined) =>
  stage ? eq(leads.stage, stage) : undefined;
