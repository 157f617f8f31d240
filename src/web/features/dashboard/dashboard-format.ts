const whole = new Intl.NumberFormat('en-AU');
const dollars = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  maximumFractionDigits: 0,
});
const percent = new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 0 });

export const formatCount = (n: number) => whole.format(n);
export const formatMoney = (cents: number) => dollars.format(cents / 100);
export const formatRatio = (ratio: number | null) => (ratio === null ? '–' : percent.format(ratio));

export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.round(hours / 24)} days`;
}

/** '12 Oct' for a YYYY-MM-DD day. */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export interface Change {
  direction: 'up' | 'down' | 'same';
  /** '▲ 3 (+50%) vs previous period', as shown and read. */
  text: string;
}

/** How a figure moved against the previous period; null when there is nothing to compare. */
export function changeOf(
  figure: { current: number | null; previous: number | null },
  format: (n: number) => string = formatCount,
): Change | null {
  const { current, previous } = figure;
  if (current === null || previous === null) return null;
  const delta = current - previous;
  if (delta === 0) return { direction: 'same', text: 'Same as the previous period' };
  const share =
    previous === 0
      ? ''
      : ` (${delta > 0 ? '+' : '−'}${percent.format(Math.abs(delta) / previous)})`;
  const arrow = delta > 0 ? '▲' : '▼';
  return {
    direction: delta > 0 ? 'up' : 'down',
    text: `${arrow} ${format(Math.abs(delta))}${share} vs previous period`,
  };
}
