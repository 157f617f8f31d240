import { z } from 'zod';
import { messageSchema } from '#shared/admin/messages.contract.ts';
import { text } from '#shared/api/text.ts';
import { bookingSchema, updateBookingSchema } from '#shared/booking/booking.contract.ts';
import { attributionFamilies } from '#shared/attribution/attribution.ts';
import { customerSchema } from '#shared/contact/contact.contract.ts';
import { measurementSchema } from '#shared/estimate/details.contract.ts';
import { estimateBreakdownSchema } from '#shared/estimate/estimate.contract.ts';
import { leadsMessages as m, leadStages, leadStatuses, speedToLeadSchema } from './leads.contract';

// /leads/:id (staff and admin): one lead with everything about it, and what staff do to it.

/** Who did something: a staff member by name, the customer, or the system (a migration, a job). */
export const actorSchema = z.object({
  kind: z.enum(['staff', 'customer', 'system']),
  staffUserId: z.uuid().nullable(),
  /** The staff member's display name (or e-mail); null for the customer and the system. */
  name: z.string().nullable(),
});
export type Actor = z.infer<typeof actorSchema>;

export const bookingHistoryEntrySchema = z.object({
  action: z.enum([
    'booked',
    'rescheduled',
    'details_changed',
    'cancelled',
    'job_id_set',
    'job_id_cleared',
    'no_show',
    'no_show_undone',
  ]),
  at: z.string(),
  by: actorSchema,
  /** Rescheduled: the start before and after (with offset). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  trakJobId: z.string().nullable(),
  /**
   * Booked and details changed: the consultation type and the customer's notes from then on (the
   * notes' history of changes); null for the other actions.
   */
  details: z.object({ serviceType: z.string(), notes: z.string().nullable() }).nullable(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

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
  /** src/shared/attribution: google_ads, meta_ads, other_utm, organic, social, referral, direct */
  family: z.enum(attributionFamilies).nullable(),
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
  'booking_details_changed',
  'job_id_set',
  'job_id_cleared',
  'booking_no_show',
  'booking_no_show_undone',
  'customers_merged',
  /** The customer's own steps of one visit (details, files, estimate, booking page, left). */
  'customer_visit',
  'came_back',
  'contact_details_accepted',
  'customer_activity',
] as const;
/** The contact fields a visit's details are compared on (ADR 043). */
export const visitFields = ['name', 'email', 'phone', 'address'] as const;
export type VisitField = (typeof visitFields)[number];
export const visitFieldLabels: Record<VisitField, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address',
};

/**
 * A later browser session of the lead's customer that continued this lead (ADR 043): what the
 * visitor typed this time, and where it differs from the stored customer. Staff may accept the
 * differing details; until then the stored customer is unchanged.
 */
export const leadVisitSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  /** What the visitor typed in that session. */
  typed: z.record(z.enum(visitFields), z.string()),
  /** The fields that differ from the stored customer now, with the stored value. */
  differences: z.array(
    z.object({ field: z.enum(visitFields), stored: z.string().nullable(), typed: z.string() }),
  ),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  /** The visit's landing: utm_source, else the referrer's host, else null (direct). */
  source: z.string().nullable(),
});
export type LeadVisit = z.infer<typeof leadVisitSchema>;
export const leadVisitParamsSchema = z.object({
  id: z.uuid(m.notFound),
  visitId: z.uuid(m.visitNotFound),
});

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
  /** When the person was erased (APP 13): the lead stays, anonymous. */
  customerErasedAt: z.string().nullable(),
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
      /** The consultant as the booking rules name them (their id when no longer listed there). */
      consultant: z.object({ id: z.string(), name: z.string() }),
      /** Where an onsite visit goes (the customer's address); null for a phone consultation. */
      address: z.string().nullable(),
      /** Staff marked the customer as not there at the booked time. */
      noShow: z.boolean(),
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
  /** Later sessions of the customer that continued this lead, newest first (ADR 043). */
  visits: z.array(leadVisitSchema),
  /** Other leads with the same e-mail or phone ("2 other enquiries"). */
  duplicates: z.array(
    z.object({
      id: z.uuid(),
      customerId: z.uuid().nullable(),
      name: z.string(),
      /** The other record's contact details, so staff can choose which record to keep. */
      email: z.string(),
      phone: z.string(),
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
/** PUT /api/bookings/:id/no-show: staff mark (true) or unmark (false) a started booking. */
export const staffNoShowSchema = z.object({ noShow: z.boolean() });
export const staffNoShowResponseSchema = z.object({ booking: bookingSchema, noShow: z.boolean() });
export const noShowMessages = {
  notStarted: 'A booking can be marked as a no-show once its time has started.',
} as const;

/** Where the lead detail links a file: staff-only routes of the uploads feature. */
export const leadFileUrls = (fileId: string) => ({
  downloadUrl: `/api/uploads/${fileId}/content`,
  thumbnailUrl: `/api/uploads/${fileId}/thumbnail`,
});
