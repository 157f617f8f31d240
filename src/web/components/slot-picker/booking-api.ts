import { queryOptions } from '@tanstack/react-query';
import type {
  Availability,
  Hold,
  ServiceType,
  SessionHold,
} from '#shared/booking/booking.contract.ts';
import { api, request } from '#web/lib/api-client.ts';
import { isServerUnreachable } from '#web/lib/api-refusals.ts';

export type { Availability, Hold, ServiceType };

const retryIfUnreachable = (failures: number, error: unknown) =>
  failures < 1 && isServerUnreachable(error);

/**
 * The whole horizon (the server clips it to today … today + 30 days in Melbourne). With a manage
 * token, the times the customer may move that booking to (an onsite visit's from its own place).
 */
export const availabilityQuery = (
  serviceType: ServiceType,
  sessionId: string,
  manageToken?: string | undefined,
) =>
  queryOptions({
    queryKey: ['availability', serviceType, sessionId, manageToken ? 'moving' : 'new'],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ serviceType, sessionId });
      const path = manageToken
        ? `/api/manage/${encodeURIComponent(manageToken)}/availability`
        : '/api/availability';
      return api.get<Availability>(`${path}?${query}`, signal);
    },
    // slots go quickly: a minute-old calendar is refreshed when the page is opened again
    staleTime: 30_000,
    retry: retryIfUnreachable,
  });

export const nextBookingDateQuery = queryOptions({
  queryKey: ['next-booking-date'],
  queryFn: ({ signal }) =>
    api.get<{ nextBookingDate: string }>('/api/trak/next-booking-date', signal),
  staleTime: 30_000,
  retry: false,
});

/**
 * A hold of the time for the service: only a consultant who does it is held (issue 28). Moving a
 * booking, its manage token goes in the body: the server then works out the time from its place.
 */
export function createHold(
  sessionId: string,
  startTime: string,
  serviceType: ServiceType,
  manageToken?: string | undefined,
): Promise<Hold> {
  return api.post<Hold>('/api/holds', {
    sessionId,
    startTime,
    serviceType,
    ...(manageToken && { manageToken }),
  });
}

/** The session's hold as the server has it: a reloaded page takes it back (issue 15 item 2). */
export function readSessionHold(sessionId: string): Promise<SessionHold> {
  return api.get<SessionHold>(`/api/holds?${new URLSearchParams({ sessionId })}`);
}

export function renewHold(reservationId: string, sessionId: string): Promise<Hold> {
  return request<Hold>(`/api/holds/${reservationId}`, { method: 'PUT', body: { sessionId } });
}

/** A page being unloaded (it may be a reload) lets the slot go this much later. */
export const unloadGraceSeconds = 30;

/**
 * Lets the slot go: at once, or (`unloading`, with the expiry the page last saw) a little later,
 * so a reload finds the hold still there and takes it back. `keepalive` so it is still sent while
 * the page unloads; failures are ignored, because an unreleased hold simply runs out after 10
 * minutes.
 */
export function releaseHold(
  reservationId: string,
  sessionId: string,
  unloading?: { expiresAt: string },
): void {
  const query = new URLSearchParams({
    sessionId,
    ...(unloading && {
      afterSeconds: String(unloadGraceSeconds),
      expiresAt: unloading.expiresAt,
    }),
  });
  void request(`/api/holds/${reservationId}?${query}`, { method: 'DELETE', keepalive: true }).catch(
    () => {},
  );
}
