import { addDays, dateIn } from '#shared/booking/calendar.ts';
import { funnelOf, groupViews } from '#shared/dashboard/dashboard-groups.ts';
import {
  loadDays,
  type DashboardQuery,
  type DashboardResponse,
  type Figure,
} from '#shared/dashboard/dashboard.contract.ts';
import { readBookingSetup, readTimezone } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { slotDays } from '#server/lib/slot-days.ts';
import {
  daysOf,
  periodOf,
  previousPeriod,
  requestedPeriod,
  type Period,
} from '#server/lib/day-period.ts';
import * as repo from './dashboard.repository';

type Query = Required<Pick<DashboardQuery, 'compare'>> & Omit<DashboardQuery, 'compare'>;

/** What both periods are compared on. */
async function periodFigures(db: Db, period: Period) {
  const [leads, groups, promos, visitors, bookings] = await Promise.all([
    repo.leadSummary(db, period),
    repo.leadGroups(db, period),
    repo.promoUses(db, period),
    repo.visitors(db, period),
    repo.bookingSummary(db, period, period.span),
  ]);
  return { leads, groups, promos, visitors, bookings };
}
type PeriodFigures = Awaited<ReturnType<typeof periodFigures>>;

const average = (total: number, count: number) => (count > 0 ? Math.round(total / count) : 0);

function funnel(current: PeriodFigures, previous: PeriodFigures | null) {
  const countsOf = (f: PeriodFigures) => [
    f.visitors,
    f.leads.contact,
    f.leads.details,
    f.leads.estimate,
    f.leads.booked,
    f.leads.won,
  ];
  return funnelOf(countsOf(current), previous ? countsOf(previous) : null);
}

/** Today and the next days: the slots the rules offer (as customers see them) against taken. */
async function load(db: Db, now: Date, timezone: string) {
  const today = dateIn(now, timezone);
  const last = addDays(today, loadDays - 1);
  const [days, kinds] = await Promise.all([
    readBookingSetup(db).then((setup) => slotDays(db, setup, { from: today, to: last }, now)),
    repo.appointmentsPerDay(db, periodOf(today, last, timezone).span, timezone),
  ]);
  const byDate = new Map(kinds.map((k) => [k.date, k]));
  return days.map((day) => ({
    date: day.date,
    offered: day.slots.length,
    taken: day.slots.filter((slot) => !slot.available).length,
    phone: byDate.get(day.date)?.phone ?? 0,
    onsite: byDate.get(day.date)?.onsite ?? 0,
  }));
}

export async function readDashboard(db: Db, query: Query, now: Date): Promise<DashboardResponse> {
  const timezone = await readTimezone(db);
  await repo.ensureRollupTimezone(db, timezone);
  const range = requestedPeriod(query, now, timezone);
  const before: Period | null =
    query.compare === 'previous' ? previousPeriod(range, timezone) : null;
  const [current, previous, concerns, perDay, loadRows, names] = await Promise.all([
    periodFigures(db, range),
    before ? periodFigures(db, before) : null,
    repo.estimatesByConcern(db, range),
    repo.perDay(db, range),
    load(db, now, timezone),
    repo.painPointNames(db),
  ]);
  const fig = (pick: (f: PeriodFigures) => number): Figure => ({
    current: pick(current),
    previous: previous ? pick(previous) : null,
  });
  const sumPromos = (f: PeriodFigures, key: 'uses' | 'booked' | 'discountCents') =>
    f.promos.reduce((total, row) => total + row[key], 0);
  const days = new Map(perDay.map((d) => [d.date, d]));

  return {
    range: { from: range.from, to: range.to, days: range.days },
    previousRange: before && { from: before.from, to: before.to },
    timezone,
    funnel: funnel(current, previous),
    ...groupViews(current.groups, previous?.groups ?? null),
    estimates: {
      given: {
        count: current.leads.priced,
        totalCents: fig((f) => f.leads.priceTotal),
        averageCents: fig((f) => average(f.leads.priceTotal, f.leads.priced)),
      },
      booked: {
        count: current.leads.bookedPriced,
        totalCents: fig((f) => f.leads.bookedTotal),
        averageCents: fig((f) => average(f.leads.bookedTotal, f.leads.bookedPriced)),
      },
      byConcern: concerns.map((c) => ({
        painPoint: c.painPoint,
        name: names.get(c.painPoint) ?? c.painPoint,
        count: c.count,
        totalCents: c.totalCents,
        averageCents: average(c.totalCents, c.count),
      })),
    },
    promos: {
      uses: fig((f) => sumPromos(f, 'uses')),
      booked: fig((f) => sumPromos(f, 'booked')),
      discountCents: fig((f) => sumPromos(f, 'discountCents')),
      codes: current.promos,
    },
    bookings: {
      made: fig((f) => f.bookings.made),
      phone: fig((f) => f.bookings.phone),
      onsite: fig((f) => f.bookings.onsite),
      cancellations: fig((f) => f.bookings.cancellations),
      reschedules: fig((f) => f.bookings.reschedules),
      noShows: fig((f) => f.bookings.noShows),
      perDay: daysOf(range).map((date) => ({
        date,
        leads: days.get(date)?.leads ?? 0,
        bookings: days.get(date)?.bookings ?? 0,
      })),
      load: loadRows,
    },
    speedToLead: {
      medianMs: {
        current: current.leads.medianMs,
        previous: previous ? previous.leads.medianMs : null,
      },
      actedOn: current.leads.actedOn,
      waiting: current.leads.waiting,
    },
  };
}
