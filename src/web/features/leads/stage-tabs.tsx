import { leadStages, stageLabels, type LeadListResponse } from '#shared/leads/leads.contract.ts';
import { Link } from '#web/lib/router.tsx';
import { paths } from '#web/paths.ts';
import { withValue, writeView, type LeadView } from './lead-view';

type Counts = NonNullable<LeadListResponse['counts']>;

/**
 * The pipeline's stages as tabs, each with how many leads it holds under the other filters.
 * Links, not ARIA tabs: each is a view of its own that can be opened in a new tab or shared.
 */
export function StageTabs({ view, counts }: { view: LeadView; counts: Counts | undefined }) {
  const tabs = [
    { stage: '', label: 'All', count: counts?.total },
    ...leadStages.map((stage) => ({
      stage,
      label: stageLabels[stage],
      count: counts?.byStage[stage] ?? (counts ? 0 : undefined),
    })),
  ];
  // relative: the counts' screen-reader words (absolutely placed) stay inside the scrolling strip
  return (
    <nav aria-label="Stages" data-scrolls className="relative -mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2 border-b border-line pb-2">
        {tabs.map(({ stage, label, count }) => {
          const current = (view.stage ?? '') === stage;
          return (
            <li key={stage || 'all'} className="shrink-0">
              <Link
                to={`${paths.leads}${writeView(withValue(view, 'stage', stage))}`}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold ${
                  current ? 'bg-brand text-on-brand' : 'text-ink hover:bg-surface'
                }`}
              >
                {label}
                <span
                  className={`rounded-full px-2 text-sm tabular-nums ${
                    current ? 'bg-on-brand text-brand' : 'bg-surface text-ink'
                  }`}
                >
                  {count ?? '…'}
                  <span className="sr-only">{count === 1 ? ' lead' : ' leads'}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
