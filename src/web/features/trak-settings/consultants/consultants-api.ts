import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Consultant, CreateConsultant } from '#shared/admin/consultants.contract.ts';
import type { BookingRulesPreview } from '#shared/admin/booking-rules.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

export type { Consultant };

const consultantsKey = [...adminQueryKey, 'consultants'] as const;

export const consultantsQuery = queryOptions({
  queryKey: consultantsKey,
  queryFn: async ({ signal }) =>
    (await api.get<{ consultants: Consultant[] }>('/api/admin/consultants', signal)).consultants,
});

/** The next seven days as customers see them now (the saved rules, every consultant). */
export const weekAheadQuery = queryOptions({
  queryKey: [...consultantsKey, 'week-ahead'],
  queryFn: () => api.post<BookingRulesPreview>('/api/admin/booking-rules/preview', {}),
  // bookings come in meanwhile: asked again after half a minute
  staleTime: 30_000,
});

/** Adds (id null) or changes a consultant; the list and the week ahead follow at once. */
export async function saveConsultant(
  queryClient: QueryClient,
  id: string | null,
  body: CreateConsultant,
): Promise<Consultant> {
  const { consultant } = id
    ? await api.patch<{ consultant: Consultant }>(`/api/admin/consultants/${id}`, body)
    : await api.post<{ consultant: Consultant }>('/api/admin/consultants', body);
  queryClient.setQueryData(consultantsQuery.queryKey, (list = []) =>
    id ? list.map((c) => (c.id === id ? consultant : c)) : [...list, consultant],
  );
  void queryClient.invalidateQueries({ queryKey: weekAheadQuery.queryKey });
  return consultant;
}

export async function deleteConsultant(queryClient: QueryClient, id: string): Promise<void> {
  await api.delete(`/api/admin/consultants/${id}`);
  queryClient.setQueryData(consultantsQuery.queryKey, (list = []) =>
    list.filter((c) => c.id !== id),
  );
  void queryClient.invalidateQueries({ queryKey: weekAheadQuery.queryKey });
}
