import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { suggestionsToOffer } from '#shared/address/address-rules.ts';
import { addressSearch, type AddressPrediction } from '#shared/address/address.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { newUuid } from '#web/lib/session-id.ts';

/** Suggestions for what was typed: after more than 2 characters, debounced 300 ms (spec §5). */
export function useAddressSearch(text: string, searching: boolean) {
  const [debounced, setDebounced] = useState(text.trim());
  // one token per search, so a paid provider bills the keystrokes and the pick as one session
  const [sessionToken, setSessionToken] = useState(newUuid);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), addressSearch.debounceMs);
    return () => clearTimeout(timer);
  }, [text]);

  const enabled = searching && debounced.length >= addressSearch.minChars;
  const query = useQuery({
    queryKey: ['address-suggest', debounced],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ q: debounced, sessionToken });
      const body = await api.get<{ predictions: AddressPrediction[] }>(
        `/api/address/suggest?${params}`,
        signal,
      );
      return suggestionsToOffer(body.predictions, body.predictions.length);
    },
    enabled,
    retry: false, // the person has a Retry button
    placeholderData: keepPreviousData,
  });

  const waiting = searching && text.trim().length >= addressSearch.minChars;
  const settling = waiting && (text.trim() !== debounced || query.isFetching);
  const predictions = enabled && !query.isError ? (query.data ?? []) : [];
  let status: 'idle' | 'loading' | 'empty' | 'unavailable' = 'idle';
  if (waiting) {
    if (query.isError && !settling) status = 'unavailable';
    else if (predictions.length === 0) status = settling ? 'loading' : 'empty';
  }
  return {
    predictions,
    status,
    sessionToken,
    retry: () => void query.refetch(),
    renewToken: () => setSessionToken(newUuid()),
  };
}
