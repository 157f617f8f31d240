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
import {
  bookings,
  customers,
  leadSearchTerms,
  leads,
  uploadedFiles,
} from '#server/db/schema/index.ts';
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

/** One range of lead_search_terms' prefix index: the leads (id, stage, created) it holds. */
function termRange(kind: string, prefix: string): SQL {
  const t = leadSearchTerms;
  return sql`select ${t.leadId} as lead_id, ${t.stage} as stage, ${t.createdAt} as created_at
    from ${t} where ${t.kind} = ${kind} and ${t.term} like ${prefix}`;
}

/** The leads one search term matches: a phone's start or its end (reversed digits, ADR 042). */
function termMatch(term: SearchTerm): SQL {
  if (term.kind === 'word') return termRange('word', term.prefix);
  return sql`${termRange('phone', `${term.digits}%`)} union ${termRange('phone_tail', `${term.tail}%`)}`;
}

/**
 * The leads matching every term, each once: (lead_id, stage, created_at) rows read from the
 * index alone (ADR 032), so the time follows the matches, never the table.
 */
function matchSet(terms: SearchTerm[]): SQL {
  const [first, ...rest] = terms.map(termMatch);
  if (rest.length === 0) return sql`select distinct * from (${first}) one_term`;
  return sql.join(
    [first, ...rest].map((part) => sql`(${part})`),
    sql` intersect `,
  );
}

/** Under other filters: the matching leads as one array, then fetched by id and filtered. */
function searchCondition(terms: SearchTerm[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  return sql`${leads.id} = any(array(select m.lead_id from (${matchSet(terms)}) m))`;
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
  returnedAt: leads.returnedAt,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  suburb: customers.suburb,
  address: customers.address,
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

/**
 * A search with no filter but the stage, sorted by creation (the search box on its own): the
 * page's ids are the first `limit` matches after the cursor, taken from the index in the page's
 * order, so only those leads are read (ADR 032). The same rows, order and keyset as readPhase.
 */
export const searchOnly = (f: LeadFilter, phase: Phase) =>
  searchAlone(f) && phase.key === leads.createdAt && phase.where === undefined;

/** The search box with no other filter (the stage apart): answered from the index alone. */
export const searchAlone = (f: LeadFilter) =>
  f.search.length > 0 &&
  [f.status, f.booking, f.painPoint, f.source, f.medium, f.campaign].every((v) => !v) &&
  f.createdFrom === undefined &&
  f.createdBefore === undefined &&
  f.hasPhotos === undefined;

export function readSearchPhase(
  db: Db,
  f: LeadFilter,
  phase: Phase,
  cursor: { key: Date; id: string } | null,
  limit: number,
) {
  const beyond = phase.dir === 'asc' ? sql`>` : sql`<`;
  const order = phase.dir === 'asc' ? sql`asc` : sql`desc`;
  const ids = sql`array(select m.lead_id from (${matchSet(f.search)}) m
    where ${and(
      sql`true`,
      f.stage ? sql`m.stage = ${f.stage}` : undefined,
      cursor
        ? sql`(m.created_at, m.lead_id) ${beyond} (${cursor.key.toISOString()}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )}
    order by m.created_at ${order}, m.lead_id ${order} limit ${limit})`;
  return readPhase(db, [sql`${leads.id} = any(${ids})`], phase, cursor, limit);
}

/** The search box's counts per stage, from the index alone. */
export async function countSearchByStage(db: Db, terms: SearchTerm[]) {
  const result = (await db.execute(
    sql`select m.stage, count(*)::int as count from (${matchSet(terms)}) m group by m.stage`,
  )) as { rows: unknown[] };
  return result.rows as { stage: string; count: number }[];
}

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

export { painPointNames } from '#server/db/catalogue-store.ts';

export const stageCondition = (stage: LeadStage | undefined) =>
  stage ? eq(leads.stage, stage) : undefined;
