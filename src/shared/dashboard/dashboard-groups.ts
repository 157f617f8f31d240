import {
  clickFamilies,
  funnelSteps,
  type ClickFamily,
  type DashboardResponse,
} from './dashboard.contract';

// The few rows of leadGroups (one per source × medium × campaign × family) folded into the
// dashboard's three views, each beside the previous period, and the funnel's steps. Pure: the
// server folds its SQL rows with them, the static demo (ADR 026) the rows it counts in the browser.

/** Leads of one source × medium × campaign × click id family, how many booked and won. */
export interface GroupRow {
  source: string;
  medium: string | null;
  campaign: string | null;
  family: string;
  leads: number;
  booked: number;
  won: number;
}

/**
 * The funnel from counts in step order (visitors, contact, details, estimate, booked, won), beside
 * the previous period's: conversion and drop-off from the step before, and the biggest drop-off.
 */
export function funnelOf(now: number[], before: number[] | null): DashboardResponse['funnel'] {
  const steps = funnelSteps.map((step, i) => {
    const count = now[i]!;
    const prior = i > 0 ? now[i - 1]! : null;
    const dropOff = prior === null ? 0 : Math.max(prior - count, 0);
    return {
      step,
      count: { current: count, previous: before ? before[i]! : null },
      conversion: prior ? count / prior : null,
      dropOff,
      dropOffRate: prior ? dropOff / prior : null,
    };
  });
  let biggest: (typeof steps)[number] | null = null;
  for (const s of steps) {
    if (s.dropOff > 0 && (biggest === null || s.dropOffRate! > biggest.dropOffRate!)) biggest = s;
  }
  return { steps, biggestDropOff: biggest?.step ?? null };
}

interface Counts {
  leads: number;
  booked: number;
  won: number;
}
const zero = (): Counts => ({ leads: 0, booked: 0, won: 0 });

function sumBy(groups: GroupRow[], keyOf: (g: GroupRow) => string): Map<string, Counts> {
  const sums = new Map<string, Counts>();
  for (const g of groups) {
    const key = keyOf(g);
    const sum = sums.get(key) ?? zero();
    sum.leads += g.leads;
    sum.booked += g.booked;
    sum.won += g.won;
    sums.set(key, sum);
  }
  return sums;
}

/** Rows of every key in either period, the largest first (by leads, then booked, then name). */
function compared<T>(
  current: GroupRow[],
  previous: GroupRow[] | null,
  keyOf: (g: GroupRow) => string,
  shape: (key: string) => T,
) {
  const now = sumBy(current, keyOf);
  const before = previous ? sumBy(previous, keyOf) : new Map<string, Counts>();
  const keys = [...new Set([...now.keys(), ...before.keys()])];
  const rank = (key: string) => [
    now.get(key)?.leads ?? 0,
    now.get(key)?.booked ?? 0,
    before.get(key)?.leads ?? 0,
  ];
  keys.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return rb[0]! - ra[0]! || rb[1]! - ra[1]! || rb[2]! - ra[2]! || a.localeCompare(b);
  });
  return keys.map((key) => {
    const c = now.get(key) ?? zero();
    const p = before.get(key) ?? zero();
    return {
      ...shape(key),
      leads: { current: c.leads, previous: previous ? p.leads : null },
      booked: { current: c.booked, previous: previous ? p.booked : null },
      won: c.won,
      conversion: c.leads > 0 ? c.booked / c.leads : null,
    };
  });
}

const sep = '\u0000';

export function groupViews(
  current: GroupRow[],
  previous: GroupRow[] | null,
): Pick<DashboardResponse, 'bySource' | 'byCampaign' | 'byFamily'> {
  const bySource = compared(
    current,
    previous,
    (g) => g.source,
    (source) => ({ source }),
  );
  const byCampaign = compared(
    current,
    previous,
    (g) => [g.source, g.medium ?? '', g.campaign ?? ''].join(sep),
    (key) => {
      const [source = '', medium, campaign] = key.split(sep);
      return { source, medium: medium || null, campaign: campaign || null };
    },
  ).slice(0, 50);
  const asFamily = (value: string): ClickFamily =>
    (clickFamilies as readonly string[]).includes(value) ? (value as ClickFamily) : 'direct';
  const byFamily = compared(
    current,
    previous,
    (g) => asFamily(g.family),
    (family) => ({ family: asFamily(family) }),
  );
  return { bySource, byCampaign, byFamily };
}
