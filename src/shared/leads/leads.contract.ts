import { z } from 'zod';
import { messageSchema } from '#shared/admin/messages.contract.ts';
import { text } from '#shared/api/text.ts';
import { bookingSchema, updateBookingSchema } from '#shared/booking/booking.contract.ts';
import { customerSchema } from '#shared/contact/contact.contract.ts';
import { measurementSchema } from '#shared/estimate/details.contract.ts';
import { estimateBreakdownSchema } from '#shared/estimate/estimate.contract.ts';

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
  customerNotFound: 'Customer not found.',
  emailRequired: 'Give an e-mail address to look up.',
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
  status: z.enum(['confirmed', 'cancelled']),
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

/** Who did something: a staff member by name, the customer, or the system (a migration, a job). */
export const actorSchema = z.object({
  kind: z.enum(['staff', 'customer', 'system']),
  staffUserId: z.uuid().nullable(),
  /** The staff member's display name (or e-mail); null for the customer and the system. */
  name: z.string().nullable(),
});
export type Actor = z.infer<typeof actorSchema>;

export const bookingHistoryEntrySchema = z.object({
  action: z.enum(['booked', 'rescheduled', 'cancelled', 'job_id_set', 'job_id_cleared']),
  at: z.string(),
  by: actorSchema,
  /** Rescheduled: the start before and after (with offset). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  trakJobId: z.string().nullable(),
});

export const leadFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  isImage: z.boolean(),
  uploadStatus: z.string(),
  createdAt: z.string(),
  /** Staff-only URLs (the session cookie is required); the download is an attachment. */
  downloadUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type LeadFile = z.infer<typeof leadFileSchema>;

export const attributionTouchSchema = z.object({
  at: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  gclid: z.string().nullable(),
  gbraid: z.string().nullable(),
  wbraid: z.string().nullable(),
  fbclid: z.string().nullable(),
  referrer: z.string().nullable(),
  landingPage: z.string().nullable(),
  /** The browser's user agent. */
  device: z.string().nullable(),
});
export type AttributionTouch = z.infer<typeof attributionTouchSchema>;

export const timelineKinds = [
  'note',
  'stage_changed',
  'status_changed',
  'booking_created',
  'booking_rescheduled',
  'booking_cancelled',
  'job_id_set',
  'job_id_cleared',
  'customers_merged',
  'customer_activity',
] as const;
export const timelineEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(timelineKinds),
  at: z.string(),
  by: actorSchema,
  /** What to show: the note itself, or a sentence such as "Stage: Estimate → Quoted". */
  text: z.string(),
  /** Kind-specific facts (from/to stage, lost reason, booking id, …). */
  data: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const leadDetailSchema = z.object({
  id: z.uuid(),
  stage: z.enum(leadStages),
  status: z.enum(leadStatuses),
  lostReason: z.string().nullable(),
  bookingOption: z.string().nullable(),
  source: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  speedToLead: speedToLeadSchema,
  /** The customer record (contact details, address with suburb, postcode and coordinates). */
  customer: customerSchema.nullable(),
  details: z.object({
    glassCount: z.number().int().nullable(),
    painPoint: z.object({ id: z.string(), name: z.string() }).nullable(),
    jobDescription: z.string().nullable(),
    measurements: z.array(measurementSchema),
  }),
  /** The estimate exactly as the customer saw it (promo included); null before that step. */
  estimate: estimateBreakdownSchema.extend({ computedAt: z.string().nullable() }).nullable(),
  files: z.array(leadFileSchema),
  bookings: z.array(
    z.object({
      booking: bookingSchema,
      history: z.array(bookingHistoryEntrySchema),
      messages: z.array(messageSchema),
    }),
  ),
  attribution: z.object({
    firstTouch: attributionTouchSchema.nullable(),
    lastTouch: attributionTouchSchema.nullable(),
  }),
  /** Newest first. */
  timeline: z.array(timelineEntrySchema),
  /** Messages about the lead itself (the business e-mail, the webhook, GA4). */
  messages: z.array(messageSchema),
  /** Other leads with the same e-mail or phone ("2 other enquiries"). */
  duplicates: z.array(
    z.object({
      id: z.uuid(),
      customerId: z.uuid().nullable(),
      name: z.string(),
      stage: z.enum(leadStages),
      createdAt: z.string(),
      matchedOn: z.array(z.enum(['email', 'phone'])),
    }),
  ),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;
export const leadDetailResponseSchema = z.object({ lead: leadDetailSchema });

// PATCH /api/leads/:id — a stage and/or status change; 'lost' needs a reason.
export const leadChangeSchema = z
  .object({
    stage: z.enum(leadStages).optional(),
    status: z.enum(leadStatuses).optional(),
    lostReason: text().trim().min(1, m.lostReasonRequired).max(500, m.lostReasonMax).optional(),
  })
  .refine((b) => b.stage !== undefined || b.status !== undefined, {
    message: m.nothingToChange,
    path: ['stage'],
  })
  .refine((b) => b.stage !== 'lost' || b.lostReason !== undefined, {
    message: m.lostReasonRequired,
    path: ['lostReason'],
  });
export type LeadChange = z.input<typeof leadChangeSchema>;

// POST /api/leads/:id/notes — answers 201 with the new timeline entry.
export const leadNoteSchema = z.object({
  text: text({ error: m.noteRequired }).trim().min(1, m.noteRequired).max(5000, m.noteMax),
});
export type LeadNote = z.input<typeof leadNoteSchema>;
export const leadNoteResponseSchema = z.object({ entry: timelineEntrySchema });

// PATCH /api/bookings/:id (spec §7): set or clear trak_job_id ('' or null clears).
export const bookingPatchSchema = updateBookingSchema;
export type BookingPatch = z.input<typeof bookingPatchSchema>;

// POST /api/bookings/:id/reschedule and /cancel (staff, on the customer's behalf): the same rules,
// exclusivity and messages as the customer's manage link. The new slot is one /api/availability
// offers; staffId picks the consultant when several are free (else the first free one).
export const staffRescheduleSchema = z.object({
  startTime: z.iso.datetime({
    offset: true,
    error: 'Use a date-time with its offset, like 2026-11-25T09:00:00+11:00.',
  }),
  staffId: text().trim().min(1).max(100).optional(),
});
export type StaffReschedule = z.input<typeof staffRescheduleSchema>;
export const staffCancelSchema = z.object({
  /** Why, for the timeline (not sent to the customer). */
  reason: text().trim().max(500).optional(),
});
export type StaffCancel = z.input<typeof staffCancelSchema>;
export const staffBookingResponseSchema = z.object({ booking: bookingSchema });

// GET /api/customers?email= (spec §7; staff only): the records with that e-mail, oldest first.
export const customerLookupQuerySchema = z.object({
  email: text({ error: m.emailRequired }).trim().min(1, m.emailRequired).max(254),
});
export const customerLookupResponseSchema = z.object({
  /** The first record (the spec's client uses a list's first item), null when none. */
  customer: customerSchema.nullable(),
  customers: z.array(customerSchema),
});

// POST /api/customers/:id/merge (staff): the other records' leads, bookings, files and notes move
// to the kept customer; the others are then removed.
export const customerParamsSchema = z.object({ id: z.uuid(m.customerNotFound) });
export const mergeCustomersSchema = z.object({
  customerIds: z.array(z.uuid(m.customerNotFound)).min(1).max(20),
});
export const mergeCustomersResponseSchema = z.object({
  customer: customerSchema,
  moved: z.object({
    leads: z.number().int(),
    bookings: z.number().int(),
    files: z.number().int(),
    notes: z.number().int(),
  }),
});

// Privacy (APP 12 and 13), admin only. A person is a customer record and every other record
// with the same e-mail.
// GET /api/admin/privacy/customers/:id/export.zip — person.json plus files/…
// POST /api/admin/privacy/customers/:id/erase
export const privacyEraseResponseSchema = z.object({
  erased: z.object({
    customers: z.number().int(),
    leads: z.number().int(),
    bookings: z.number().int(),
    files: z.number().int(),
  }),
  at: z.string(),
  by: actorSchema,
});
export type PrivacyEraseResponse = z.infer<typeof privacyEraseResponseSchema>;

/** Where the lead detail links a file: staff-only routes of the uploads feature. */
export const leadFileUrls = (fileId: string) => ({
  downloadUrl: `/api/uploads/${fileId}/content`,
  thumbnailUrl: `/api/uploads/${fileId}/thumbnail`,
});
