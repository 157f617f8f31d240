import { queryOptions } from '@tanstack/react-query';
import type { ManageBooking } from '#shared/booking/booking.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { isServerUnreachable } from '#web/lib/api-refusals.ts';

export type { ManageBooking };

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

export const manageQuery = (token: string) =>
  queryOptions({
    queryKey: ['manage', token],
    queryFn: ({ signal }) => api.get<ManageBooking>(base(token), signal),
    staleTime: 0,
    retry: (failures, error) => failures < 1 && isServerUnreachable(error),
  });

export interface BookingChange {
  /** A new time: the hold of this session's. */
  sessionId?: string | undefined;
  reservationId?: string | undefined;
  serviceType: 'phone' | 'onsite';
  /** Empty clears them. */
  notes: string;
}

/** A new time, consultation type or notes, in one request (the server checks each). */
export function rescheduleBooking(token: string, change: BookingChange): Promise<ManageBooking> {
  return api.post<ManageBooking>(`${base(token)}/reschedule`, change);
}

export function cancelBooking(token: string): Promise<ManageBooking> {
  return api.post<ManageBooking>(`${base(token)}/cancel`, {});
}
