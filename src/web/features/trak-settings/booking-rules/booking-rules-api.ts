import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminBookingRules,
  BookingRulesForm,
  BookingRulesPreview,
} from '#shared/admin/booking-rules.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

export type { AdminBookingRules, BookingRulesForm, BookingRulesPreview };

const rulesKey = [...adminQueryKey, 'booking-rules'] as const;

/** The rules in force with the staff list (admin only). */
export const bookingRulesQuery = queryOptions({
  queryKey: rulesKey,
  queryFn: ({ signal }) =>
    api.get<{ rules: AdminBookingRules }>('/api/admin/booking-rules', signal),
});

/** The next seven days under a draft of the rules (none while the draft is invalid). */
export const previewQuery = (draft: BookingRulesForm | null) =>
  queryOptions({
    queryKey: [...rulesKey, 'preview', draft],
    queryFn: () => api.post<BookingRulesPreview>('/api/admin/booking-rules/preview', draft),
    enabled: draft !== null,
    // the grid keeps the last answer while the next draft's loads, so it does not flash empty
    placeholderData: keepPreviousData,
    // bookings come in meanwhile: a draft seen again is asked again after half a minute
    staleTime: 30_000,
  });

export function saveBookingRules(rules: BookingRulesForm) {
  return api.post<{ success: true; rules: AdminBookingRules }>(
    '/api/trak/settings/booking-rules',
    rules,
  );
}
