import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PromoCodeDto, PromoCodeFields } from '#shared/admin/promo-codes.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

export const promoCodesQuery = queryOptions({
  queryKey: [...adminQueryKey, 'promo-codes'],
  queryFn: async () =>
    (await api.get<{ promoCodes: PromoCodeDto[] }>('/api/promo-codes')).promoCodes,
});

/** Creates (id null) or replaces a code; the list shows the server's answer at once. */
export async function savePromoCode(
  queryClient: QueryClient,
  id: string | null,
  fields: PromoCodeFields,
): Promise<PromoCodeDto> {
  const { promoCode } = id
    ? await api.put<{ promoCode: PromoCodeDto }>(`/api/promo-codes/${id}`, fields)
    : await api.post<{ promoCode: PromoCodeDto }>('/api/promo-codes', fields);
  queryClient.setQueryData(promoCodesQuery.queryKey, (list = []) =>
    id ? list.map((p) => (p.id === id ? promoCode : p)) : [promoCode, ...list],
  );
  return promoCode;
}

export async function deletePromoCode(queryClient: QueryClient, id: string): Promise<void> {
  await api.delete(`/api/promo-codes/${id}`);
  queryClient.setQueryData(promoCodesQuery.queryKey, (list = []) =>
    list.filter((p) => p.id !== id),
  );
}
