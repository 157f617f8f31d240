import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SetupReminder } from '#web/components/staff/setup-reminder.tsx';
import { LeadFilters } from './lead-filters';
import { LeadResults } from './lead-results';
import { activeExtraFilters, writeView, type LeadView } from './lead-view';
import { leadListQuery } from './leads-api';
import { ScreenHeading } from './screen-heading';
import { SearchBox } from './search-box';
import { StageTabs } from './stage-tabs';
import { useLeadView } from './use-lead-view';

const countText = (shown: number, total: number | undefined) => {
  if (total === undefined) return '';
  if (total === 0) return 'No leads';
  const noun = total === 1 ? 'lead' : 'leads';
  return shown >= total ? `${total} ${noun}` : `Showing ${shown} of ${total} ${noun}`;
};

/** /leads: every enquiry, searchable and filtered by what the URL says, newest first. */
export function LeadsListPage() {
  const { view, show, update } = useLeadView();
  // the last list stays on screen while another view's loads, so the page does not jump
  const query = useInfiniteQuery({ ...leadListQuery(view), placeholderData: keepPreviousData });
  const counts = query.data?.pages[0]?.counts ?? undefined;
  const total = counts && (view.stage ? (counts.byStage[view.stage] ?? 0) : counts.total);
  const shown = query.data?.pages.reduce((sum, page) => sum + page.leads.length, 0) ?? 0;
  const filtered = Boolean(view.q || view.stage || activeExtraFilters(view));
  // clearing keeps what the user chose to look at (the tab and the order), drops the rest
  const clearFilters = () => show({ stage: view.stage, sort: view.sort } as LeadView);
  const showAll = () => show({ sort: view.sort });

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5 px-4 py-6 sm:py-10">
      <div>
        <ScreenHeading title="Leads">Leads</ScreenHeading>
        <p className="mt-1 text-muted">
          Every enquiry, newest first. Refreshes by itself every 30 seconds while open.
        </p>
      </div>
      <SetupReminder />
      <SearchBox value={view.q ?? ''} onSearch={(q, options) => update({ q }, options)} />
      <StageTabs view={view} counts={counts} />
      <LeadFilters
        view={view}
        onChange={(name, value) => update({ [name]: value })}
        onApply={(patch) => update(patch)}
        onClear={clearFilters}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* a status from the start, so a changed count (a new lead, a filter) is announced */}
        <p role="status" className="font-semibold">
          {query.isPlaceholderData ? 'Loading...' : countText(shown, total)}
        </p>
        {/* the server streams every lead of this view (not only the pages loaded) */}
        <a href={`/api/leads/export.csv${writeView(view)}`} download className="btn-quiet">
          Export to CSV
        </a>
      </div>
      <LeadResults query={query} filtered={filtered} onClear={showAll} />
    </div>
  );
}
