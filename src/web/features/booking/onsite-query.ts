import { queryOptions } from '@tanstack/react-query';
import type { OnsiteOffer } from '#web/components/service-type-field.tsx';
import type { SavedEstimateResponse } from '#shared/estimate/saved-estimate.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { isServerUnreachable } from '#web/lib/api-refusals.ts';
import type { SavedDetails } from '#web/lib/saved-details.ts';

export type { OnsiteOffer };

/**
 * Whether an onsite visit can be booked, read from what the session's lead holds: the panes the
 * server will check the booking against. Only a read: the Estimate step saved the estimate, and
 * the booking is priced from it. The details are in the key so that changed details ask again.
 */
export const onsiteQuery = (sessionId: string, details: SavedDetails | null) =>
  queryOptions({
    queryKey: ['booking-onsite', sessionId, details],
    queryFn: async ({ signal }): Promise<OnsiteOffer> => {
      const saved = await api.get<SavedEstimateResponse>(
        `/api/sessions/${encodeURIComponent(sessionId)}/estimate`,
        signal,
      );
      return { ...saved.onsite, glassCount: saved.glassCount };
    },
    staleTime: 5 * 60_000,
    retry: (failures, error) => failures < 1 && isServerUnreachable(error),
  });
