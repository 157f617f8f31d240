import { queryOptions } from '@tanstack/react-query';
import type { BookingOption, PublicSettings } from '#shared/catalogue/catalogue.contract.ts';
import { api } from './api-client';
import type * as builtIn from './built-in-defaults';

type BuiltIn = typeof builtIn;

/**
 * Spec §8: a failed settings or booking-options request (no answer, any error status) does not
 * stop the app: the built-in defaults are used and the customer goes on. The defaults load only
 * then (built-in-defaults.ts); 'Initialization Error' is left for when even they cannot load.
 */
const orBuiltIn = <K extends keyof BuiltIn>(
  load: Promise<BuiltIn[K]>,
  signal: AbortSignal,
  key: K,
): Promise<BuiltIn[K]> =>
  load.catch((error: unknown) => {
    if (signal.aborted) throw error; // a cancelled query, not a failure
    // The failure itself is logged and reported by the api client (api_request_failed). When not
    // even the defaults can load (no network at all), the request's own error is what is shown.
    return import('./built-in-defaults').then(
      (defaults) => defaults[key],
      () => Promise.reject(error),
    );
  });

/** The initial data every screen needs (settings, booking options), or their defaults. */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: ({ signal }) =>
    orBuiltIn(api.get<PublicSettings>('/api/settings', signal), signal, 'settings'),
});

export const bookingOptionsQuery = queryOptions({
  queryKey: ['booking-options'],
  queryFn: ({ signal }) =>
    orBuiltIn(
      api
        .get<{ bookingOptions: BookingOption[] }>('/api/booking-options', signal)
        .then((body) => body.bookingOptions),
      signal,
      'bookingOptions',
    ),
});

/**
 * The key every estimate query of a session starts with: the Estimate step's own, and what the
 * Booking step invalidates when the estimate's promo code was refused.
 */
export const estimateKey = (sessionId: string) => ['estimate', sessionId] as const;
