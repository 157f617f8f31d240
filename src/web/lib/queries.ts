import { queryOptions } from '@tanstack/react-query';
import type { BookingOption, PublicSettings } from '#shared/catalogue/catalogue.contract.ts';
import { api } from './api-client';

/** The initial data every screen needs: without it the app shows 'Initialization Error'. */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: ({ signal }) => api.get<PublicSettings>('/api/settings', signal),
});

export const bookingOptionsQuery = queryOptions({
  queryKey: ['booking-options'],
  queryFn: ({ signal }) =>
    api
      .get<{ bookingOptions: BookingOption[] }>('/api/booking-options', signal)
      .then((body) => body.bookingOptions),
});

/**
 * The key every estimate query of a session starts with: the Estimate step's own, and what the
 * Booking step invalidates when the estimate's promo code was refused.
 */
export const estimateKey = (sessionId: string) => ['estimate', sessionId] as const;
