import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CampaignLinkStats } from '#shared/admin/campaign-links.contract.ts';
import type { DashboardResponse } from '#shared/dashboard/dashboard.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

/** The dashboard refreshes itself while open; TanStack pauses it while the tab is hidden. */
export const refreshMs = 60_000;

// Under the admin key: signing in as someone else drops every cached answer (staff-api.ts).
export const dashboardQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'dashboard', from, to],
    queryFn: ({ signal }) =>
      api.get<DashboardResponse>(
        `/api/dashboard?${new URLSearchParams({ from, to, compare: 'previous' })}`,
        signal,
      ),
    refetchInterval: refreshMs,
    placeholderData: keepPreviousData,
  });

/** Each saved campaign link's visits, leads and bookings in the range (issue 30). */
export const campaignLinkStatsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'dashboard', 'campaign-links', from, to],
    queryFn: ({ signal }) =>
      api.get<CampaignLinkStats>(
        `/api/dashboard/campaign-links?${new URLSearchParams({ from, to })}`,
        signal,
      ),
    refetchInterval: refreshMs,
    placeholderData: keepPreviousData,
  });
