import { queryOptions } from '@tanstack/react-query';
import type { EstimateResponse } from '#shared/estimate/estimate.contract.ts';
import { promoRefusalCodes } from '#shared/api/error.ts';
import { api } from '#web/lib/api-client.ts';
import { hasErrorCode, isServerUnreachable } from '#web/lib/api-refusals.ts';
import { estimateKey } from '#web/lib/queries.ts';
import type { SavedDetails } from '#web/lib/saved-details.ts';

export interface EstimateResult {
  response: EstimateResponse;
  /** A remembered promo code the server no longer takes (expired, used up): why. */
  promoRefusal: string | null;
}

export function fetchEstimate(
  sessionId: string,
  details: SavedDetails,
  promoCode: string | null,
): Promise<EstimateResponse> {
  const { glassCount, painPoint, measurements } = details;
  return api.post<EstimateResponse>('/api/estimates', {
    sessionId,
    glassCount,
    painPoint,
    measurements,
    ...(promoCode && { promoCode }),
  });
}

/** Why the server refused the promo code, if that is what it did. */
export function promoRefusalOf(error: unknown): string | null {
  return hasErrorCode(error, ...promoRefusalCodes) ? error.message : null;
}

/** The server's estimate: it prices from its own tables, whatever the browser thinks. */
export const estimateQuery = (sessionId: string, details: SavedDetails, promoCode: string | null) =>
  queryOptions({
    queryKey: [...estimateKey(sessionId), details, promoCode],
    queryFn: async (): Promise<EstimateResult> => {
      try {
        return { response: await fetchEstimate(sessionId, details, promoCode), promoRefusal: null };
      } catch (error) {
        const refusal = promoRefusalOf(error);
        if (!promoCode || !refusal) throw error;
        // the code was fine when applied; without it the estimate still stands
        return { response: await fetchEstimate(sessionId, details, null), promoRefusal: refusal };
      }
    },
    staleTime: 60_000,
    retry: (failures, error) => failures < 1 && isServerUnreachable(error),
  });

// The applied promo code is the session's active promo (lib/active-promo.ts), kept so Back and a
// reload keep it; the promo banner of a URL hash or campaign link sets the same code.
export {
  readActivePromo as loadPromoCode,
  setActivePromo as savePromoCode,
} from '#web/lib/active-promo.ts';
