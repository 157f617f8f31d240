import { z } from 'zod';
import { text } from '#shared/api/text.ts';

// The leads back office (issue 10): /leads and /leads/:id, staff and admin. Times are ISO
// instants (UTC, "Z") unless named otherwise; money is integer cents; dates YYYY-MM-DD are
// Melbourne calendar days.

/** The pipeline, in order (ARCHITECTURE.md "Leads pipeline"). */
export const leadStages = [
  'contact',
  'details',
  'estimate',
  'booked',
  'quoted',
  'won',
  'lost',
] as const;
export type LeadStage = (typeof leadStages)[number];
export const leadStatuses = ['new', 'contacted', 'closed'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const bookingStates = ['none', 'upcoming', 'past', 'cancelled'] as const;
export type BookingState = (typeof bookingStates)[number];
/**
 * newest: created, newest first. next_appointment: upcoming appointments soonest first, then the
 * rest newest first. waiting: leads no staff member has touched yet, longest waiting first, then
 * the rest newest first.
 */
export const leadSorts = ['newest', 'next_appointment', 'waiting'] as const;
export type LeadSort = (typeof leadSorts)[number];

export const stageLabels: Record<LeadStage, string> = {
  contact: 'Contact',
  details: 'Details',
  estimate: 'Estimate',
  booked: 'Booked',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};
export const statusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  closed: 'Closed',
};
export const bookingStateLabels: Record<BookingState, string> = {
  none: 'No booking',
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
};
export const sortLabels: Record<LeadSort, string> = {
  newest: 'Newest',
  next_appointment: 'Next appointment',
  waiting: 'Waiting longest',
};

export const leadsMessages = {
  notFound: 'Lead not found.',
  cursor: 'Invalid page cursor',
  dateInvalid: 'Use a date like 2026-11-23 (YYYY-MM-DD).',
  rangeOrder: 'The end date must be on or after the start date.',
  lostReasonRequired: 'Please say why the lead was lost.',
  lostReasonMax: 'The reason cannot exceed 500 characters.',
  noteRequired: 'Please write a note.',
  noteMax: 'A note cannot exceed 5000 characters.',
  nothingToChange: 'Choose a stage or a status to change.',
  searchMax: 'Search for at most 200 characters.',
  mergeSelf: 'Choose other records than the one to keep.',
  mergeErased: 'An erased person cannot be merged.',
  customerNotFound: 'Customer not found.',
  emailRequired: 'Give an e-mail address to look up.',
  visitNotFound: 'Visit not found.',
  visitErased: 'An erased person cannot be given new details.',
  erased: 'Erased',
  noName: 'No name given',
} as const;
const m = leadsMessages;

const isoDate = z.iso.date({ error: m.dateInvalid });
/** Query strings carry text: 'true' / 'false' (also '1' / '0'). */
const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
const filterText = text().trim().min(1).max(200);

// GET /api/leads and GET /api/leads/export.csv (the same filters; the export ignores cursor/limit).
export const leadFiltersSchema = z.object({
  stage: z.enum(leadStages).optional(),
  status: z.enum(leadStatuses).optional(),
  booking: z.enum(bookingStates).optional(),
  /** A pain point id (the lead's main concern), e.g. 'uv-privacy'. */
  painPoint: filterText.optional(),
  /** utm_source when the lead has one, else its source ('website'); case-insensitive. */
  source: filterText.optional(),
  medium: filterText.optional(),
  campaign: filterText.optional(),
  /** Created on or after this Melbourne day. */
  from: isoDate.optional(),
  /** Created on or before this Melbourne day (inclusive). */
  to: isoDate.optional(),
  /** true: only leads with at least one photo; false: only leads without. */
  hasPhotos: queryBoolean.optional(),
  /**
   * One search box: each word matches the start of the first name, last name, e-mail or suburb;
   * a phone number typed any way ('0412 345 678', '+61412345678', '0412345678') matches the
   * customer's phone.
   */
  q: text().trim().max(200, m.searchMax).optional(),
  sort: z.enum(leadSorts).default('newest'),
});
export const leadListQuerySchema = leadFiltersSchema
  .extend({
    /** nextCursor of the previous page; opaque. */
    cursor: text().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: m.rangeOrder, path: ['to'] });
export type LeadListQuery = z.input<typeof leadListQuerySchema>;
export type LeadFilters = z.output<typeof leadFiltersSchema>;
export const leadExportQuerySchema = leadFiltersSchema.refine(
  (q) => !q.from || !q.to || q.to >= q.from,
  { message: m.rangeOrder, path: ['to'] },
);

/** A booking as the list shows it: the next upcoming one, else the latest live one. */
export const appointmentSchema = z.object({
  bookingId: z.uuid(),
  /** With the business time zone's offset, e.g. 2026-11-30T10:00:00+11:00. */
  startTime: z.iso.datetime({ offset: true }),
  serviceType: z.string(),
  status: z.enum(['confirmed', 'cancelled', 'pending']),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** Speed to lead: how long the lead waited (or has waited so far) for a first staff action. */
export const speedToLeadSchema = z.object({
  firstStaffActionAt: z.string().nullable(),
  /** Milliseconds from creation to the first staff action, or to now while nobody acted. */
  waitedMs: z.number().int(),
  /** True while no staff member has acted on the lead yet. */
  waiting: z.boolean(),
});

export const leadListRowSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid().nullable(),
  /** "First Last"; leadsMessages.noName / .erased when there is none. */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  suburb: z.string().nullable(),
  stage: z.enum(leadStages),
  status: z.enum(leadStatuses),
  /** The pain point id and its name (null before the Details step). */
  mainConcern: z.object({ id: z.string(), name: z.string() }).nullable(),
  estimateTotalCents: z.number().int().nullable(),
  nextAppointment: appointmentSchema.nullable(),
  bookingState: z.enum(bookingStates),
  source: z.string(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
  createdAt: z.string(),
  speedToLead: speedToLeadSchema,
  photoCount: z.number().int(),
  /** The latest later session of the customer that continued this lead (ADR 043); null if none. */
  returnedAt: z.string().nullable(),
});
export type LeadListRow = z.infer<typeof leadListRowSchema>;

export const leadListResponseSchema = z.object({
  leads: z.array(leadListRowSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Leads per stage under every filter except `stage` (the tabs), and their total. Given on the
   * first page only (no cursor); null on later pages, keep the first page's.
   */
  counts: z
    .object({ total: z.number().int(), byStage: z.record(z.enum(leadStages), z.number().int()) })
    .nullable(),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const leadParamsSchema = z.object({ id: z.uuid(m.notFound) });
