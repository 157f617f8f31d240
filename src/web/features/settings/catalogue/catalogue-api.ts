import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminBookingOption, AdminPainPoint } from '#shared/admin/catalogue.contract.ts';
import type { Pricing } from '#shared/admin/pricing.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { painPointsQuery } from '#web/lib/pain-points.ts';
import { bookingOptionsQuery } from '#web/lib/queries.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

// The admin lists hold inactive entries too; the booking flow's lists hold active ones only.
export const adminPainPointsQuery = queryOptions({
  queryKey: [...adminQueryKey, 'pain-points'],
  queryFn: ({ signal }) =>
    api
      .get<{ painPoints: AdminPainPoint[] }>('/api/admin/pain-points', signal)
      .then((body) => body.painPoints),
});

export const adminBookingOptionsQuery = queryOptions({
  queryKey: [...adminQueryKey, 'booking-options'],
  queryFn: ({ signal }) =>
    api
      .get<{ bookingOptions: AdminBookingOption[] }>('/api/admin/booking-options', signal)
      .then((body) => body.bookingOptions),
});

export const adminPricingQuery = queryOptions({
  queryKey: [...adminQueryKey, 'pricing'],
  queryFn: ({ signal }) => api.get<Pricing>('/api/admin/pricing', signal),
});

/** What the two catalogue lists have in common: where they are written and who reads them. */
export interface CatalogueKind {
  /** "pain point", for the screen's words ("Delete this pain point?"). */
  noun: string;
  /** Prefix of the list's element ids. */
  idPrefix: string;
  /** POST here; PUT and DELETE at `${endpoint}/:id`. */
  endpoint: string;
  /** Every query that shows this list, refreshed after a change. */
  readers: QueryKey[];
}

export const painPointKind: CatalogueKind = {
  noun: 'pain point',
  idPrefix: 'pain-point',
  endpoint: '/api/pain-points',
  // the pricing form has one row per pain point, so it changes with them
  readers: [adminPainPointsQuery.queryKey, painPointsQuery.queryKey, adminPricingQuery.queryKey],
};

export const bookingOptionKind: CatalogueKind = {
  noun: 'booking option',
  idPrefix: 'booking-option',
  endpoint: '/api/booking-options',
  readers: [adminBookingOptionsQuery.queryKey, bookingOptionsQuery.queryKey],
};

export interface DeleteOutcome {
  deleted: boolean;
  deactivated: boolean;
  message: string;
}

const entryPath = (kind: CatalogueKind, id: string) => `${kind.endpoint}/${encodeURIComponent(id)}`;

export function refreshReaders(queryClient: QueryClient, kind: CatalogueKind): Promise<unknown> {
  return Promise.all(kind.readers.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Creates the entry, or changes the one with `existingId` (its id itself never changes). */
export function saveEntry<T extends { id: string }>(
  kind: CatalogueKind,
  existingId: string | undefined,
  values: T,
): Promise<unknown> {
  if (existingId === undefined) return api.post(kind.endpoint, values);
  const { id: _id, ...change } = values;
  return api.put(entryPath(kind, existingId), change);
}

export function setEntryActive(kind: CatalogueKind, id: string, active: boolean) {
  return api.put(entryPath(kind, id), { active });
}

export function deleteEntry(kind: CatalogueKind, id: string): Promise<DeleteOutcome> {
  return api.delete<DeleteOutcome>(entryPath(kind, id));
}
