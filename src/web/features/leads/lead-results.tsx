import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useRef } from 'react';
import type { LeadListResponse } from '#shared/leads/leads.contract.ts';
import { LeadCards } from './lead-cards';
import { LeadListSkeleton } from './lead-list-skeleton';
import { LeadTable } from './lead-table';
import { QueryProblem } from './query-problem';

type ListQuery = UseInfiniteQueryResult<InfiniteData<LeadListResponse>>;

interface Props {
  query: ListQuery;
  filtered: boolean;
  onClear: () => void;
}

/** The list itself: skeleton, problem, empty state, or the leads with Load more. */
export function LeadResults({ query, filtered, onClear }: Props) {
  const listRef = useRef<HTMLDivElement>(null);

  if (query.isPending) return <LeadListSkeleton />;
  if (query.isError && !query.data) return <QueryProblem error={query.error} query={query} />;
  const leads = query.data?.pages.flatMap((page) => page.leads) ?? [];

  const loadMore = async (shown: number) => {
    await query.fetchNextPage();
    // focus the first lead that came in (the button may be gone with the last page); the
    // table or the cards, whichever this screen width shows
    const links = [...(listRef.current?.querySelectorAll<HTMLElement>('a') ?? [])].filter(
      (link) => link.offsetParent !== null,
    );
    links[shown]?.focus();
  };

  if (leads.length === 0) {
    return filtered ? (
      <div className="rounded-xl border border-line bg-surface p-6">
        <p className="font-semibold">No leads match this search and these filters.</p>
        <p className="mt-1 text-muted">Check the spelling, or search by phone number instead.</p>
        <button type="button" className="btn-quiet mt-4" onClick={onClear}>
          Show all leads
        </button>
      </div>
    ) : (
      <div className="rounded-xl border border-line bg-surface p-6">
        <p className="font-semibold">No leads yet.</p>
        <p className="mt-1 text-muted">
          A lead appears here (within 30 seconds, no reload needed) as soon as a customer sends the
          Contact step of the booking page. Share the booking page&apos;s address to get the first
          one.
        </p>
      </div>
    );
  }

  return (
    // busy while another view's list loads behind this one
    <div ref={listRef} aria-busy={query.isPlaceholderData || undefined} className="space-y-4">
      <div className="hidden lg:block">
        <LeadTable leads={leads} />
      </div>
      <div className="lg:hidden">
        <LeadCards leads={leads} />
      </div>
      {query.hasNextPage && (
        <button
          type="button"
          className="btn-quiet"
          disabled={query.isFetchingNextPage}
          onClick={() => void loadMore(leads.length)}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
