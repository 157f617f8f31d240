import { queryOptions } from '@tanstack/react-query';
import type { ManageBooking } from '#shared/booking/booking.contract.ts';
import { api, isServerUnreachable } from '#web/lib/api-client.ts';

export type { ManageBooking };

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

export const manageQuery = (token: string) =>
  queryOptions({
    queryKey: ['manage', token],
    queryFn: ({ signal }) => api.get<ManageBooking>(base(token), signal),
    staleTime: 0,
    retry: (failures, error) => failures < 1 && isServerUnreachable(error),
  });

export function rescheduleBooking(
  token: string,
  ids: { sessionId: string; reservationId: string },
): Promise<ManageBooking> {
  return api.post<ManageBooking>(`${base(token)}/reschedule`, ids);
}

export function cancelBooking(token: string): Promise<ManageBooking> {
  return api.post<ManageBooking>(`${base(token)}/cancel`, {});
}
