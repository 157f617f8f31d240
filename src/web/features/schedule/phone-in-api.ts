import { queryOptions } from '@tanstack/react-query';
import type { Availability, ServiceType } from '#shared/booking/booking.contract.ts';
import type { PhoneInBooking, PhoneInResult } from '#shared/staff/phone-in.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

/** What the times depend on: the type, the chosen place (onsite) and, optionally, a consultant. */
export interface TimesFor {
  serviceType: ServiceType;
  placeId: string | undefined;
  consultantId: string | undefined;
}

// Under the admin key: signing in as someone else drops every cached answer (staff-api.ts).
export const staffAvailabilityKey = [...adminQueryKey, 'staff-availability'];
export const staffAvailabilityQuery = ({ serviceType, placeId, consultantId }: TimesFor) =>
  queryOptions({
    queryKey: [...staffAvailabilityKey, serviceType, placeId, consultantId],
    queryFn: ({ signal }) =>
      api.get<Availability>(
        `/api/staff/availability?${new URLSearchParams({
          serviceType,
          ...(placeId && { placeId }),
          ...(consultantId && { consultantId }),
        })}`,
        signal,
      ),
    // onsite times wait for the address; the times move as others book
    enabled: serviceType === 'phone' || !!placeId,
    staleTime: 15_000,
  });

export const bookPhoneIn = (body: PhoneInBooking) =>
  api.post<PhoneInResult>('/api/staff/bookings', body);
