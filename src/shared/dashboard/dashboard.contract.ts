import { z } from 'zod';
import {
  attributionFamilies,
  attributionFamilyLabels,
  type AttributionFamily,
} from '#shared/attribution/attribution.ts';

// GET /api/dashboard (issue 13): the owner's figures for a range of Melbourne days, each beside
// the previous period of the same length. Money is integer cents; durations milliseconds.

export const dashboardMessages = {
  dateInvalid: 'Use a date like 2026-11-23 (YYYY-MM-DD).',
  rangeOrder: 'The end date must be on or after the start date.',
  rangeTooLong: 'Choose at most 366 days.',
  dateOutOfRange: 'Choose a date between 2000 and 2099.',
} as const;
const m = dashboardMessages;

/** The longest range one request may ask for: the work is bounded by it. */
export const maxRangeDays = 366;
/** How many days from today the load chart shows. */
export const loadDays = 14;

/** Where a lead came from (src/shared/attribution): the dashboard groups leads by these. */
export const clickFamilies = attributionFamilies;
export type ClickFamily = AttributionFamily;
export const clickFamilyLabels = attributionFamilyLabels;

// the years the business can have data for: day arithmetic stays within four-digit years
export const dashboardDate = z.iso
  .date({ error: m.dateInvalid })
  .refine((date) => date >= '2000-01-01' && date <= '2099-12-31', m.dateOutOfRange);

export const dashboardQuerySchema = z
  .object({
    /** First Melbourne day of the range; with `to` missing too, the last 7 days. */
    from: dashboardDate.optional(),
    /** Last Melbourne day of the range (inclusive); today when missing. */
    to: dashboardDate.optional(),
    /** 'previous': each figure beside the period of the same length just before; 'none': not. */
    compare: z.enum(['previous', 'none']).default('previous'),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: m.rangeOrder, path: ['to'] });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** One figure and the same figure over the previous period (null when not compared). */
export const figureSchema = z.object({ current: z.number(), previous: z.number().nullable() });
export type Figure = z.infer<typeof figureSchema>;

export const funnelSteps = ['visitors', 'contact', 'details', 'estimate', 'booked', 'won'] as const;
export type FunnelStep = (typeof funnelSteps)[number];
export const funnelStepLabels: Record<FunnelStep, string> = {
  visitors: 'Visitors',
  contact: 'Contact submitted',
  details: 'Details given',
  estimate: 'Estimate seen',
  booked: 'Booked',
  won: 'Won',
};

const ratio = z.number().nullable();

export const funnelStepSchema = z.object({
  step: z.enum(funnelSteps),
  count: figureSchema,
  /** count / the step before's count (null for the first step or when the step before is 0). */
  conversion: ratio,
  /** How many of the step before did not reach this one, and as a share of it. */
  dropOff: z.number().int(),
  dropOffRate: ratio,
});

/** Leads (created in the range) of one group, how many booked and won. */
const groupCounts = {
  leads: figureSchema,
  booked: figureSchema,
  won: z.number().int(),
  /** booked / leads of the range (null without leads). */
  conversion: ratio,
};
export const sourceRowSchema = z.object({ source: z.string(), ...groupCounts });
export const campaignRowSchema = z.object({
  source: z.string(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
  ...groupCounts,
});
export const familyRowSchema = z.object({ family: z.enum(clickFamilies), ...groupCounts });

const valueSchema = z.object({
  count: z.number().int(),
  totalCents: figureSchema,
  averageCents: figureSchema,
});

export const dayRowSchema = z.object({
  date: z.iso.date(),
  leads: z.number().int(),
  bookings: z.number().int(),
});
export const loadRowSchema = z.object({
  date: z.iso.date(),
  /** Slots the booking rules offer that day (one per staff member), taken or not. */
  offered: z.number().int(),
  /** Of them, taken by a booking or a hold. */
  taken: z.number().int(),
  phone: z.number().int(),
  onsite: z.number().int(),
});

export const dashboardResponseSchema = z.object({
  range: z.object({ from: z.iso.date(), to: z.iso.date(), days: z.number().int() }),
  previousRange: z.object({ from: z.iso.date(), to: z.iso.date() }).nullable(),
  timezone: z.string(),
  funnel: z.object({
    steps: z.array(funnelStepSchema),
    /** The step with the highest drop-off rate from the step before (null without data). */
    biggestDropOff: z.enum(funnelSteps).nullable(),
  }),
  bySource: z.array(sourceRowSchema),
  /** The 50 largest source / medium / campaign groups. */
  byCampaign: z.array(campaignRowSchema),
  byFamily: z.array(familyRowSchema),
  estimates: z.object({
    given: valueSchema,
    booked: valueSchema,
    byConcern: z.array(
      z.object({
        painPoint: z.string(),
        name: z.string(),
        count: z.number().int(),
        totalCents: z.number(),
        averageCents: z.number(),
      }),
    ),
  }),
  promos: z.object({
    /** Estimates that applied a code, and of those the booked ones. */
    uses: figureSchema,
    booked: figureSchema,
    /** The discount on the booked leads' estimates. */
    discountCents: figureSchema,
    codes: z.array(
      z.object({
        code: z.string(),
        uses: z.number().int(),
        booked: z.number().int(),
        discountCents: z.number(),
      }),
    ),
  }),
  bookings: z.object({
    /** Bookings made in the range (by when they were made). */
    made: figureSchema,
    phone: figureSchema,
    onsite: figureSchema,
    cancellations: figureSchema,
    reschedules: figureSchema,
    /** Appointments in the range staff marked as a no-show. */
    noShows: figureSchema,
    perDay: z.array(dayRowSchema),
    /** Today and the next 13 days: slots offered against taken, and the bookings by kind. */
    load: z.array(loadRowSchema),
  }),
  speedToLead: z.object({
    /** Median time from contact submit to the first staff action, of leads acted on. */
    medianMs: z.object({ current: z.number().nullable(), previous: z.number().nullable() }),
    actedOn: z.number().int(),
    waiting: z.number().int(),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
