import type { QueryClient } from '@tanstack/react-query';
import type {
  CalendarSummary,
  ConnectCalendar,
} from '#shared/admin/consultant-calendar.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { consultantsQuery, weekAheadQuery } from './consultants-api';

// A consultant's own calendar (issue 29): the feed of their bookings, and the calendar connected
// for their busy times. Each answer is put into the consultants list at once.

const base = (id: string) => `/api/admin/consultants/${id}`;

function patchCalendar(queryClient: QueryClient, id: string, change: Partial<CalendarSummary>) {
  queryClient.setQueryData(consultantsQuery.queryKey, (list = []) =>
    list.map((c) => (c.id === id ? { ...c, calendar: { ...c.calendar, ...change } } : c)),
  );
}

/** Makes or replaces the feed: its address, shown this once. */
export async function makeFeed(queryClient: QueryClient, id: string): Promise<string> {
  const { url } = await api.post<{ url: string }>(`${base(id)}/feed`, {});
  patchCalendar(queryClient, id, { feed: true });
  return url;
}

export async function revokeFeed(queryClient: QueryClient, id: string) {
  await api.delete(`${base(id)}/feed`);
  patchCalendar(queryClient, id, { feed: false });
}

/** Busy times change which times customers are offered: the week ahead is asked again. */
function busyChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: weekAheadQuery.queryKey });
}

export async function connectCalendar(queryClient: QueryClient, id: string, body: ConnectCalendar) {
  const { calendar } = await api.put<{ calendar: CalendarSummary }>(`${base(id)}/calendar`, body);
  patchCalendar(queryClient, id, calendar);
  busyChanged(queryClient);
  return calendar;
}

export async function disconnectCalendar(queryClient: QueryClient, id: string) {
  await api.delete(`${base(id)}/calendar`);
  patchCalendar(queryClient, id, {
    kind: null,
    url: null,
    username: null,
    lastSyncedAt: null,
    lastError: null,
  });
  busyChanged(queryClient);
}

export async function refreshCalendar(queryClient: QueryClient, id: string) {
  const { calendar } = await api.post<{ calendar: CalendarSummary }>(
    `${base(id)}/calendar/refresh`,
    {},
  );
  patchCalendar(queryClient, id, calendar);
  busyChanged(queryClient);
  return calendar;
}
