import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Schedule } from '#shared/staff/schedule.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

export type { Schedule };

// Under the admin key: signing in as someone else drops every cached answer (staff-api.ts).
export const scheduleQuery = (from: string, to: string, consultant: string | null) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'schedule', from, to, consultant],
    queryFn: ({ signal }) =>
      api.get<Schedule>(
        `/api/staff/schedule?${new URLSearchParams({ from, to, ...(consultant && { consultantId: consultant }) })}`,
        signal,
      ),
    // bookings come in while it is open
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
