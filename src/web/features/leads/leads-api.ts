import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  LeadChange,
  LeadDetail,
  leadNoteResponseSchema,
  StaffCancel,
  StaffReschedule,
  TimelineEntry,
} from '#shared/leads/lead-detail.contract.ts';
import type { LeadListResponse } from '#shared/leads/leads.contract.ts';
import type {
  MergeCustomersResponse,
  PrivacyEraseResponse,
} from '#shared/leads/customer-records.contract.ts';
import type { Availability, Booking, ServiceType } from '#shared/booking/booking.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';
import { listParams, writeView, type LeadView } from './lead-view';

// Under the admin key: signing in as someone else drops every cached answer (staff-api.ts).
const leadsKey = [...adminQueryKey, 'leads'] as const;
const pageSize = 25;
/** New leads appear without a reload; TanStack pauses the polling while the tab is hidden. */
export const pollMs = 30_000;

export function leadListQuery(view: LeadView) {
  return infiniteQueryOptions({
    queryKey: [...leadsKey, 'list', writeView(view)],
    queryFn: ({ pageParam, signal }) =>
      api.get<LeadListResponse>(`/api/leads?${listParams(view, pageParam, pageSize)}`, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: pollMs,
  });
}

const detailKey = (id: string) => [...leadsKey, 'detail', id] as const;
const leadPath = (id: string) => `/api/leads/${encodeURIComponent(id)}`;
const bookingPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;

export const leadDetailQuery = (id: string) =>
  queryOptions({
    queryKey: detailKey(id),
    queryFn: ({ signal }) =>
      api.get<{ lead: LeadDetail }>(leadPath(id), signal).then((body) => body.lead),
    refetchInterval: pollMs,
    // a lead that is not there will not appear by asking again
    retry: (failures, error) => failures < 2 && !(error as { status?: number }).status,
  });

/** After any change: the lead again, and every list (its row, the counts). */
export const refreshLeads = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: leadsKey }).then(
    () => undefined,
    () => undefined,
  );

export const setLeadData = (queryClient: QueryClient, lead: LeadDetail) =>
  queryClient.setQueryData(detailKey(lead.id), lead);

/** A new note shows at once, before the lead is read again. */
export const prependTimeline = (queryClient: QueryClient, id: string, entry: TimelineEntry) =>
  queryClient.setQueryData<LeadDetail>(detailKey(id), (lead) =>
    lead && !lead.timeline.some((e) => e.id === entry.id)
      ? { ...lead, timeline: [entry, ...lead.timeline] }
      : lead,
  );

export const changeLead = (id: string, change: LeadChange) =>
  api.patch<{ lead: LeadDetail }>(leadPath(id), change).then((body) => body.lead);

export const addNote = (id: string, text: string) =>
  api.post<z.infer<typeof leadNoteResponseSchema>>(`${leadPath(id)}/notes`, { text });

export const setJobId = (bookingId: string, trakJobId: string | null) =>
  api.patch<{ booking: Booking }>(bookingPath(bookingId), { trakJobId });

export const rescheduleBooking = (bookingId: string, body: StaffReschedule) =>
  api.post<{ booking: Booking }>(`${bookingPath(bookingId)}/reschedule`, body);

export const cancelBooking = (bookingId: string, body: StaffCancel) =>
  api.post<{ booking: Booking }>(`${bookingPath(bookingId)}/cancel`, body);

export const setNoShow = (bookingId: string, noShow: boolean) =>
  api.put<{ booking: Booking; noShow: boolean }>(`${bookingPath(bookingId)}/no-show`, { noShow });

/** Staff accept the contact details a returning customer typed in a later visit (ADR 043). */
export const acceptVisit = (leadId: string, visitId: string) =>
  api
    .post<{ lead: LeadDetail }>(
      `${leadPath(leadId)}/visits/${encodeURIComponent(visitId)}/accept`,
      {},
    )
    .then((body) => body.lead);

const customerPath = (id: string) => `/api/customers/${encodeURIComponent(id)}`;
const privacyPath = (customerId: string) =>
  `/api/admin/privacy/customers/${encodeURIComponent(customerId)}`;

/** One person's other records merged into the one staff keep (ADR 025). */
export const mergeCustomers = (keepId: string, customerIds: string[]) =>
  api.post<MergeCustomersResponse>(`${customerPath(keepId)}/merge`, { customerIds });

/** Admin: everything held about the person, as a zip download (APP 12). */
export const privacyExportHref = (customerId: string) => `${privacyPath(customerId)}/export.zip`;

/** Admin: every personal field of the person removed, rows kept anonymous (APP 13). */
export const erasePerson = (customerId: string) =>
  api.post<PrivacyEraseResponse>(`${privacyPath(customerId)}/erase`, {});

/**
 * The free times a booking can move to (what the customer's manage link would offer): an onsite
 * visit's worked out from its own place, its own time and drives out of the way (issue 28).
 */
export const availabilityQuery = (serviceType: ServiceType, bookingId: string) =>
  queryOptions({
    queryKey: [...leadsKey, 'availability', serviceType, bookingId],
    queryFn: ({ signal }) =>
      api.get<Availability>(
        `/api/staff/availability?${new URLSearchParams({ serviceType, bookingId })}`,
        signal,
      ),
    staleTime: 15_000,
  });
