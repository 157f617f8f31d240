import {
  bookingStates,
  leadSorts,
  leadStages,
  leadStatuses,
  type BookingState,
  type LeadSort,
  type LeadStage,
  type LeadStatus,
} from '#shared/leads/leads.contract.ts';

// What /leads shows lives in the URL (?stage=booked&q=0412…), so a filtered view can be shared
// and back/forward walks through the views. Values the screen does not know are dropped, not
// sent: an old or hand-edited link still opens, as the nearest view that makes sense.

export interface LeadView {
  stage?: LeadStage;
  status?: LeadStatus;
  booking?: BookingState;
  painPoint?: string;
  source?: string;
  medium?: string;
  campaign?: string;
  from?: string;
  to?: string;
  hasPhotos?: 'true' | 'false';
  q?: string;
  sort: LeadSort;
}

export type LeadViewKey = Exclude<keyof LeadView, 'sort'>;

/** The filters besides the stage tabs and the search box (the "More filters" part). */
export const extraFilterKeys = [
  'status',
  'booking',
  'painPoint',
  'source',
  'medium',
  'campaign',
  'from',
  'to',
  'hasPhotos',
] as const satisfies readonly LeadViewKey[];

// the order of the URL's parameters, so one view always has one URL (and one cache entry)
const order = ['q', 'stage', ...extraFilterKeys, 'sort'] as const;

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isText = (value: string) => value.trim().length > 0 && value.length <= 200;

const checks: Record<keyof LeadView, (value: string) => boolean> = {
  stage: oneOf(leadStages),
  status: oneOf(leadStatuses),
  booking: oneOf(bookingStates),
  painPoint: isText,
  source: isText,
  medium: isText,
  campaign: isText,
  from: isDay,
  to: isDay,
  hasPhotos: oneOf(['true', 'false']),
  q: isText,
  sort: oneOf(leadSorts),
};

export function readView(search: string): LeadView {
  const params = new URLSearchParams(search);
  const view: Record<string, string> = {};
  for (const key of order) {
    const value = params.get(key)?.trim();
    if (value && checks[key](value)) view[key] = value;
  }
  return { ...view, sort: (view.sort as LeadSort | undefined) ?? 'newest' } as LeadView;
}

/** "?q=smith&stage=booked" ('' for the plain list); the default sort is left out. */
export function writeView(view: LeadView): string {
  const params = new URLSearchParams();
  for (const key of order) {
    const value = view[key];
    if (value && !(key === 'sort' && value === 'newest')) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export type LeadViewPatch = Partial<Record<keyof LeadView, string>>;

/** The view with some values changed ('' removes one). */
export function withValues(view: LeadView, patch: LeadViewPatch): LeadView {
  const next: Record<string, string | undefined> = { ...view };
  for (const [key, value] of Object.entries(patch)) next[key] = value || undefined;
  return readView(writeView({ ...next, sort: next.sort ?? 'newest' } as LeadView));
}

export const withValue = (view: LeadView, key: keyof LeadView, value: string) =>
  withValues(view, { [key]: value });

export const activeExtraFilters = (view: LeadView) =>
  extraFilterKeys.filter((key) => view[key] !== undefined).length;

/** The API's query for a page of this view: the view's own parameters, and the cursor. */
export function listParams(view: LeadView, cursor: string, limit: number): URLSearchParams {
  const params = new URLSearchParams(writeView(view));
  params.set('sort', view.sort);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params;
}
