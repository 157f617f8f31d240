import { queryOptions } from '@tanstack/react-query';
import type { EstimateResponse, Onsite } from '../../../shared/estimate/estimate.contract';
import { api, ApiRequestError, isServerUnreachable } from '../../lib/api-client';
import type { SavedDetails } from '../../lib/saved-details';

export interface OnsiteOffer extends Onsite {
  glassCount: number;
}

function estimate(sessionId: string, details: SavedDetails, promoCode: string | null) {
  const { glassCount, painPoint, measurements } = details;
  return api.post<EstimateResponse>('/api/estimates', {
    sessionId,
    glassCount,
    painPoint,
    measurements,
    ...(promoCode && { promoCode }),
  });
}

/**
 * Whether an onsite visit can be booked. The Estimate step keeps no estimate in the browser, so
 * this asks the server again with the same details and promo code (it answers the same estimate
 * and stores it on the lead again; the booking's price comes from there).
 */
export const onsiteQuery = (sessionId: string, details: SavedDetails, promoCode: string | null) =>
  queryOptions({
    queryKey: ['booking-onsite', sessionId, details, promoCode],
    queryFn: async (): Promise<OnsiteOffer> => {
      let response: EstimateResponse;
      try {
        response = await estimate(sessionId, details, promoCode);
      } catch (error) {
        // a code that has run out since the Estimate step: the estimate stands without it
        const promoRefused = error instanceof ApiRequestError && error.fields.promoCode;
        if (!promoCode || !promoRefused) throw error;
        response = await estimate(sessionId, details, null);
      }
      return { ...response.onsite, glassCount: details.glassCount };
    },
    staleTime: 5 * 60_000,
    retry: (failures, error) => failures < 1 && isServerUnreachable(error),
  });
