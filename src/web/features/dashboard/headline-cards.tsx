import type { DashboardResponse } from '#shared/dashboard/dashboard.contract.ts';
import {
  changeOf,
  formatCount,
  formatDuration,
  formatMoney,
  type Change,
} from './dashboard-format';

interface Card {
  label: string;
  value: string;
  change: Change | null;
}

export function headlineCards(data: DashboardResponse): Card[] {
  const step = (name: string) => data.funnel.steps.find((s) => s.step === name)!.count;
  const speed = data.speedToLead.medianMs;
  const given = data.estimates.given.totalCents;
  return [
    {
      label: 'Visitors',
      value: formatCount(step('visitors').current),
      change: changeOf(step('visitors')),
    },
    {
      label: 'Enquiries',
      value: formatCount(step('contact').current),
      change: changeOf(step('contact')),
    },
    {
      label: 'Bookings made',
      value: formatCount(data.bookings.made.current),
      change: changeOf(data.bookings.made),
    },
    { label: 'Won', value: formatCount(step('won').current), change: changeOf(step('won')) },
    {
      label: 'Estimates given',
      value: formatMoney(given.current),
      change: changeOf(given, formatMoney),
    },
    {
      label: 'Speed to lead (median)',
      value: formatDuration(speed.current),
      change: changeOf(speed, (ms) => formatDuration(ms)),
    },
  ];
}

/** The headline figures, each with its change against the previous period. */
export function HeadlineCards({ data }: { data: DashboardResponse }) {
  return (
    <ul aria-label="Headline figures" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {headlineCards(data).map((card) => (
        <li key={card.label} className="card min-w-0 !p-4">
          <p className="text-sm text-muted">{card.label}</p>
          <p className="text-2xl font-bold tabular-nums break-words">{card.value}</p>
          <p className="text-sm text-muted">{card.change?.text ?? 'No previous period'}</p>
        </li>
      ))}
    </ul>
  );
}
