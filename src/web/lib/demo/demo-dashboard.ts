import { attributionParamsOf, classifyAttribution } from '#shared/attribution/attribution.ts';
import { errorCodes } from '#shared/api/error.ts';
import { defaultBookingRules as rules } from '#shared/booking/booking-rules.ts';
import { addDays, dateIn, daysBetween } from '#shared/booking/calendar.ts';
import { generateSlots } from '#shared/booking/slots.ts';
import { funnelOf, groupViews, type GroupRow } from '#shared/dashboard/dashboard-groups.ts';
import {
  dashboardMessages,
  dashboardQuerySchema,
  loadDays,
  maxRangeDays,
  type DashboardResponse,
  type Figure,
} from '#shared/dashboard/dashboard.contract.ts';
import { painPointsOf } from './demo-catalogue';
import { parse, refuse, route, type DemoRoute } from './demo-http';
import { demoConsultants, read, type DemoData, type DemoLead } from './demo-store';

// GET /api/dashboard in the demo: the server's figures (ADR 022, 027) counted in the browser from
// this browser's own visits, leads and bookings, folded by the same shared functions (the funnel,
// the groups) and in the same shape. What the demo never has stays at zero: won leads (staff
// cannot change a demo lead), promo codes, no-shows and staff actions (speed to lead).

const timezone = rules.timezone;

interface Period {
  from: string;
  to: string;
  days: number;
}

const dayOf = (iso: string) => dateIn(new Date(iso), timezone);
const within = (period: Period, iso: string) => {
  const day = dayOf(iso);
  return day >= period.from && day <= period.to;
};

/** The range asked for, as the server reads it: the last 7 days by default. */
function requested(q: { from?: string | undefined; to?: string | undefined }, now: Date): Period {
  const today = dateIn(now, timezone);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -6);
  const days = daysBetween(from, to) + 1;
  if (days > maxRangeDays) {
    throw refuse(400, errorCodes.validation, dashboardMessages.rangeTooLong, {
      from: dashboardMessages.rangeTooLong,
    });
  }
  return { from, to, days };
}

/** How far a lead got (ADR 022): its stage, or later evidence (details, estimate, a booking). */
function reached(data: DemoData, lead: DemoLead) {
  const booked = data.bookings.some((b) => b.leadId === lead.id);
  const estimate = booked || lead.estimate !== null || lead.stage === 'estimate';
  const details = estimate || lead.details !== null || lead.stage === 'details';
  return { details, estimate, booked };
}

function familyOf(lead: DemoLead) {
  const params = attributionParamsOf(lead.landingPage ?? '');
  return classifyAttribution(params, lead.referrer).family;
}

/** What both periods are compared on. */
function figures(data: DemoData, period: Period) {
  const leads = data.leads.filter((l) => within(period, l.createdAt));
  const reach = leads.map((lead) => ({ lead, ...reached(data, lead) }));
  const priced = leads.filter((l) => l.estimate);
  const bookedPriced = reach.filter((r) => r.booked && r.lead.estimate);
  const sessions = new Set([
    ...data.visits.filter((v) => within(period, v.at)).map((v) => v.sessionId),
    // a visit before the demo counted visits still came through the booking pages
    ...leads.map((l) => l.sessionId),
  ]);
  const made = data.bookings.filter((b) => within(period, b.createdAt));
  const changes = data.bookings.flatMap((b) => b.history).filter((h) => within(period, h.at));
  const groups = new Map<string, GroupRow>();
  for (const r of reach) {
    const family = familyOf(r.lead);
    const row = groups.get(family) ?? {
      source: r.lead.source,
      medium: null,
      campaign: null,
      family,
      leads: 0,
      booked: 0,
      won: 0,
    };
    row.leads += 1;
    if (r.booked) row.booked += 1;
    groups.set(family, row);
  }
  return {
    funnel: [
      sessions.size,
      leads.length,
      reach.filter((r) => r.details).length,
      reach.filter((r) => r.estimate).length,
      reach.filter((r) => r.booked).length,
      0,
    ],
    groups: [...groups.values()],
    priced: priced.length,
    priceTotal: priced.reduce((sum, l) => sum + l.estimate!.totalCents, 0),
    bookedPriced: bookedPriced.length,
    bookedTotal: bookedPriced.reduce((sum, r) => sum + r.lead.estimate!.totalCents, 0),
    waiting: leads.length,
    made: made.length,
    phone: made.filter((b) => b.serviceType === 'phone').length,
    onsite: made.filter((b) => b.serviceType === 'onsite').length,
    cancellations: changes.filter((h) => h.action === 'cancelled').length,
    reschedules: changes.filter((h) => h.action === 'rescheduled').length,
  };
}
type Figures = ReturnType<typeof figures>;

const average = (total: number, count: number) => (count > 0 ? Math.round(total / count) : 0);

function byConcern(data: DemoData, period: Period) {
  const names = new Map(painPointsOf(data).map((p) => [p.id, p.name]));
  const sums = new Map<string, { count: number; totalCents: number }>();
  for (const lead of data.leads) {
    const painPoint = lead.details?.painPoint;
    if (!lead.estimate || !painPoint || !within(period, lead.createdAt)) continue;
    const sum = sums.get(painPoint) ?? { count: 0, totalCents: 0 };
    sum.count += 1;
    sum.totalCents += lead.estimate.totalCents;
    sums.set(painPoint, sum);
  }
  return [...sums]
    .sort(([, a], [, b]) => b.totalCents - a.totalCents)
    .map(([painPoint, { count, totalCents }]) => ({
      painPoint,
      name: names.get(painPoint) ?? painPoint,
      count,
      totalCents,
      averageCents: average(totalCents, count),
    }));
}

/** Today and the next 13 days: the slots the rules offer against taken, as customers see them. */
function load(data: DemoData, now: Date) {
  const today = dateIn(now, timezone);
  const live = data.bookings.filter((b) => b.status !== 'cancelled');
  const holds = data.holds.filter((h) => new Date(h.expiresAt).getTime() > now.getTime());
  const days = generateSlots({
    rules,
    staff: demoConsultants,
    bookings: live,
    holds,
    now,
    from: today,
    to: addDays(today, loadDays - 1),
  });
  return days.map((day) => {
    const starting = live.filter((b) => b.startTime.slice(0, 10) === day.date);
    return {
      date: day.date,
      offered: day.slots.length,
      taken: day.slots.filter((slot) => !slot.available).length,
      phone: starting.filter((b) => b.serviceType === 'phone').length,
      onsite: starting.filter((b) => b.serviceType === 'onsite').length,
    };
  });
}

export function dashboardOf(data: DemoData, query: URLSearchParams, now: Date): DashboardResponse {
  const q = parse(dashboardQuerySchema, Object.fromEntries(query));
  const range = requested(q, now);
  const before: Period | null =
    q.compare === 'previous'
      ? { from: addDays(range.from, -range.days), to: addDays(range.from, -1), days: range.days }
      : null;
  const current = figures(data, range);
  const previous = before ? figures(data, before) : null;
  const fig = (pick: (f: Figures) => number): Figure => ({
    current: pick(current),
    previous: previous ? pick(previous) : null,
  });
  const zero = fig(() => 0);
  const perDay = Array.from({ length: range.days }, (_, i) => {
    const date = addDays(range.from, i);
    return {
      date,
      leads: data.leads.filter((l) => dayOf(l.createdAt) === date).length,
      bookings: data.bookings.filter((b) => dayOf(b.createdAt) === date).length,
    };
  });
  return {
    range,
    previousRange: before && { from: before.from, to: before.to },
    timezone,
    funnel: funnelOf(current.funnel, previous?.funnel ?? null),
    ...groupViews(current.groups, previous?.groups ?? null),
    estimates: {
      given: {
        count: current.priced,
        totalCents: fig((f) => f.priceTotal),
        averageCents: fig((f) => average(f.priceTotal, f.priced)),
      },
      booked: {
        count: current.bookedPriced,
        totalCents: fig((f) => f.bookedTotal),
        averageCents: fig((f) => average(f.bookedTotal, f.bookedPriced)),
      },
      byConcern: byConcern(data, range),
    },
    promos: { uses: zero, booked: zero, discountCents: zero, codes: [] },
    bookings: {
      made: fig((f) => f.made),
      phone: fig((f) => f.phone),
      onsite: fig((f) => f.onsite),
      cancellations: fig((f) => f.cancellations),
      reschedules: fig((f) => f.reschedules),
      noShows: zero,
      perDay,
      load: load(data, now),
    },
    speedToLead: {
      medianMs: { current: null, previous: null },
      actedOn: 0,
      waiting: current.waiting,
    },
  };
}

export const dashboardRoutes: DemoRoute[] = [
  route('GET', '/dashboard', async ({ query }) => dashboardOf(await read(), query, new Date())),
];
