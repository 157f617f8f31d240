import { businessToday } from '#web/lib/melbourne-time.ts';

// The range the dashboard shows lives in the URL (?range=30d, ?range=custom&from=…&to=…), so a
// view can be shared and reloaded. Days are Melbourne calendar days.

export const presets = ['today', '7d', '30d', 'month', 'custom'] as const;
export type Preset = (typeof presets)[number];
export const presetLabels: Record<Preset, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  month: 'This month',
  custom: 'Custom',
};

export interface DashboardRange {
  preset: Preset;
  from: string;
  to: string;
}

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Today in Melbourne, YYYY-MM-DD. */
export const melbourneToday = businessToday;

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function presetRange(preset: Exclude<Preset, 'custom'>, today: string) {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    default:
      return { from: addDays(today, -6), to: today };
  }
}

export function readRange(search: string, today: string): DashboardRange {
  const params = new URLSearchParams(search);
  const asked = params.get('range');
  const preset = (presets as readonly string[]).includes(asked ?? '') ? (asked as Preset) : '7d';
  if (preset === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    // a custom range needs both days in order; anything else shows the default
    if (isDay(from) && isDay(to) && from <= to) return { preset, from, to };
    return { preset: '7d', ...presetRange('7d', today) };
  }
  return { preset, ...presetRange(preset, today) };
}

/** The URL's search for a range ('' for the default, the last 7 days). */
export function rangeSearch(range: Pick<DashboardRange, 'preset'> & Partial<DashboardRange>) {
  if (range.preset === '7d') return '';
  if (range.preset !== 'custom') return `?range=${range.preset}`;
  return `?${new URLSearchParams({ range: 'custom', from: range.from ?? '', to: range.to ?? '' })}`;
}

/** /leads showing the leads behind a figure (its URL format: src/web/features/leads/lead-view.ts). */
export function leadsHref(range: { from: string; to: string }, filter: Record<string, string>) {
  const params = new URLSearchParams(filter);
  params.set('from', range.from);
  params.set('to', range.to);
  return `/leads?${params}`;
}
