import {
  leadStages,
  leadsMessages,
  type Appointment,
  type BookingState,
  type LeadFilters,
  type LeadListResponse,
  type LeadListRow,
  type LeadSort,
  type LeadStage,
  type LeadStatus,
} from '#shared/leads/leads.contract.ts';
import { addDays, toOffsetIso, wallClock } from '#shared/booking/calendar.ts';
import { readTimezone, type BookingRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { decodeCursor, encodeCursor } from './lead-cursor';
import {
  bookingsOfLeads,
  countByStage,
  countSearchByStage,
  filterConditions,
  painPointNames,
  phasesOf,
  photoCounts,
  readPhase,
  readSearchPhase,
  searchAlone,
  searchOnly,
  stageCondition,
  type LeadFilter,
  type LeadListDbRow,
} from './lead-list.repository';
import { parseSearch } from './lead-search';

/** The query's filters as the repository takes them: Melbourne days become instants. */
export function toLeadFilter(q: LeadFilters, timezone: string): LeadFilter {
  return {
    stage: q.stage,
    status: q.status,
    booking: q.booking,
    painPoint: q.painPoint,
    source: q.source,
    medium: q.medium,
    campaign: q.campaign,
    createdFrom: q.from ? new Date(wallClock(q.from, 0, timezone)) : undefined,
    createdBefore: q.to ? new Date(wallClock(addDays(q.to, 1), 0, timezone)) : undefined,
    hasPhotos: q.hasPhotos,
    search: parseSearch(q.q),
  };
}

export function personName(row: {
  firstName: string | null;
  lastName: string | null;
  erasedAt: Date | null;
}): string {
  if (row.erasedAt) return leadsMessages.erased;
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return name || leadsMessages.noName;
}

export const asStage = (stage: string): LeadStage =>
  (leadStages as readonly string[]).includes(stage) ? (stage as LeadStage) : 'contact';
export const asStatus = (status: string): LeadStatus =>
  status === 'contacted' || status === 'closed' ? status : 'new';

export function speedToLead(createdAt: Date, firstStaffActionAt: Date | null, now: Date) {
  const until = firstStaffActionAt ?? now;
  return {
    firstStaffActionAt: firstStaffActionAt?.toISOString() ?? null,
    waitedMs: Math.max(0, until.getTime() - createdAt.getTime()),
    waiting: firstStaffActionAt === null,
  };
}

export function bookingStateOf(
  row: { hasBooking: boolean; appointmentAt: Date | null },
  now: Date,
): BookingState {
  if (!row.hasBooking) return 'none';
  if (!row.appointmentAt) return 'cancelled';
  return row.appointmentAt.getTime() >= now.getTime() ? 'upcoming' : 'past';
}

/** The live booking at the lead's appointment time, else its latest booking (cancelled). */
export function appointmentOf(rows: BookingRow[], timezone: string): Appointment | null {
  const live = rows.find((b) => b.status !== 'cancelled');
  const chosen = live ?? rows[0];
  if (!chosen) return null;
  return {
    bookingId: chosen.id,
    startTime: toOffsetIso(chosen.startTime.getTime(), timezone),
    serviceType: chosen.serviceType,
    status: chosen.status === 'cancelled' ? 'cancelled' : 'confirmed',
  };
}

const asCents = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

interface RowFacts {
  bookings: Map<string, BookingRow[]>;
  photos: Map<string, number>;
  painPoints: Map<string, string>;
  timezone: string;
  now: Date;
}

export function toListRow(row: LeadListDbRow, facts: RowFacts): LeadListRow {
  return {
    id: row.id,
    customerId: row.customerId,
    name: personName(row),
    email: row.erasedAt ? null : (row.email ?? null),
    phone: row.erasedAt ? null : (row.phone ?? null),
    suburb: row.suburb ?? null,
    stage: asStage(row.stage),
    status: asStatus(row.status),
    mainConcern: row.painPoint
      ? { id: row.painPoint, name: facts.painPoints.get(row.painPoint) ?? row.painPoint }
      : null,
    estimateTotalCents: asCents(row.estimatedPrice),
    nextAppointment: appointmentOf(facts.bookings.get(row.id) ?? [], facts.timezone),
    bookingState: bookingStateOf(row, facts.now),
    source: row.source,
    medium: row.medium,
    campaign: row.campaign,
    createdAt: row.createdAt.toISOString(),
    speedToLead: speedToLead(row.createdAt, row.firstStaffActionAt, facts.now),
    photoCount: facts.photos.get(row.id) ?? 0,
    returnedAt: row.returnedAt?.toISOString() ?? null,
  };
}

/** What the rows of a page need beside themselves: bookings, photo counts, pain point names. */
export async function rowFacts(db: Db, ids: string[], timezone: string, now: Date) {
  const [bookingRows, photos, names] = await Promise.all([
    bookingsOfLeads(db, ids),
    photoCounts(db, ids),
    painPointNames(db),
  ]);
  const byLead = new Map<string, BookingRow[]>();
  for (const b of bookingRows) {
    if (b.leadId) byLead.set(b.leadId, [...(byLead.get(b.leadId) ?? []), b]);
  }
  return { bookings: byLead, photos, painPoints: names, timezone, now };
}

async function stageCounts(db: Db, filter: LeadFilter, now: Date) {
  // the search box alone is counted from its index (the stage is not a filter of the counts)
  const rows = searchAlone(filter)
    ? await countSearchByStage(db, filter.search)
    : await countByStage(db, filterConditions(filter, now));
  const byStage = Object.fromEntries(leadStages.map((s) => [s, 0])) as Record<LeadStage, number>;
  let total = 0;
  for (const r of rows) {
    byStage[asStage(r.stage)] += r.count;
    total += r.count;
  }
  return { total, byStage };
}

export async function listLeads(
  db: Db,
  query: LeadFilters & { sort: LeadSort; cursor?: string | undefined; limit: number },
  clock: Date,
): Promise<LeadListResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const now = cursor?.now ?? clock;
  const timezone = await readTimezone(db);
  const filter = toLeadFilter(query, timezone);
  const conditions = [...filterConditions(filter, now), stageCondition(filter.stage)];
  const phases = phasesOf(query.sort, now);

  const page: LeadListDbRow[] = [];
  let next: string | null = null;
  for (let p = cursor?.phase ?? 0; p < phases.length && !next; p++) {
    const phase = phases[p]!;
    const want = query.limit - page.length;
    const after = cursor && cursor.phase === p ? cursor : null;
    const rows = searchOnly(filter, phase)
      ? await readSearchPhase(db, filter, phase, after, want + 1)
      : await readPhase(db, conditions, phase, after, want + 1);
    page.push(...rows.slice(0, want));
    const last = page.at(-1);
    const key = last && (phase.key.name === 'appointment_at' ? last.appointmentAt : last.createdAt);
    if (rows.length > want && last && key) {
      next = encodeCursor({ sort: query.sort, phase: p, key, id: last.id, now });
    } else if (page.length === query.limit && p + 1 < phases.length && last && key) {
      // this phase ended exactly at the page's end: the next page starts the next phase
      next = encodeCursor({ sort: query.sort, phase: p, key, id: last.id, now });
    }
  }
  const ids = page.map((r) => r.id);
  const [facts, counts] = await Promise.all([
    rowFacts(db, ids, timezone, clock),
    cursor ? null : stageCounts(db, filter, now),
  ]);
  return { leads: page.map((r) => toListRow(r, facts)), nextCursor: next, counts };
}
