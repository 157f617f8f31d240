import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { measurementsOptional } from './booking-options';

export const detailsMessages = {
  glassCountMin: 'Must have at least 1 pane',
  glassCountMax: 'Cannot exceed 50 panes',
  glassCountWhole: 'Enter the number of panes as a whole number, like 3',
  painPointRequired: 'Please select your main concern',
  jobDescriptionMax: 'Job description cannot exceed 5000 characters',
  measurementsRequired: 'At least one measurement is required',
  lengthPositive: 'Length must be positive',
  widthPositive: 'Width must be positive',
  sqmPositive: 'Square metres must be positive',
  lengthMax: 'Length cannot exceed 20000 mm: that is larger than any real window',
  widthMax: 'Width cannot exceed 20000 mm: that is larger than any real window',
  sqmMax: 'This pane is larger than any real window: its area cannot exceed 400 m²',
} as const;

const d = detailsMessages;
const dimension = (positive: string, max: string) =>
  z.number({ error: positive }).finite(positive).min(0, positive).max(20_000, max);

/** One pane: millimetres, and its area in m² (computed, or the customer's own figure). */
export const measurementSchema = z.object({
  length: dimension(d.lengthPositive, d.lengthMax),
  width: dimension(d.widthPositive, d.widthMax),
  sqm: z
    .number({ error: d.sqmPositive })
    .finite(d.sqmPositive)
    .min(0, d.sqmPositive)
    .max(400, d.sqmMax),
});
export type Measurement = z.infer<typeof measurementSchema>;

const detailsFields = {
  // nothing given: the spec's 'at least 1 pane'; given but not a count ('abc', 2.5): a whole number
  glassCount: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? d.glassCountMin : d.glassCountWhole,
    })
    .int(d.glassCountWhole)
    .min(1, d.glassCountMin)
    .max(50, d.glassCountMax),
  painPoint: text({ error: d.painPointRequired }).trim().min(1, d.painPointRequired),
  jobDescription: text().max(5000, d.jobDescriptionMax).optional(),
};

/** Issue 15 item 9: the pane count covers every measured pane ('For 2 panes' cannot list 3). */
export const paneCountBelowMeasured = (measured: number) =>
  `You have measured ${measured} panes: the number of glass panes must be at least ${measured}`;

type CountAndRows = { glassCount: number; measurements: unknown[] };

/** Fewer measured panes than the count is fine (the others are estimated); more is not. */
export function checkPaneCount(value: CountAndRows, ctx: z.RefinementCtx): void {
  // a count already refused (0, 2.5, 51) says so alone
  const count = value.glassCount;
  const usable = Number.isInteger(count) && count >= 1 && count <= 50;
  if (usable && value.measurements.length > count) {
    ctx.addIssue({
      code: 'custom',
      path: ['glassCount'],
      message: paneCountBelowMeasured(value.measurements.length),
    });
  }
}

/**
 * What PUT /details accepts: the measurements may be empty, because for a consultation they are
 * optional (issue 15 item 1). The server then applies the lead's own rule (detailsSchemaFor).
 */
export const detailsBodySchema = z
  .object({
    ...detailsFields,
    measurements: z.array(measurementSchema, { error: d.measurementsRequired }).max(50),
  })
  .superRefine(checkPaneCount);

/** The fields of the Estimate form of spec §5, before the pane count is checked against them. */
export const detailsFormFields = z.object({
  ...detailsFields,
  measurements: z
    .array(measurementSchema, { error: d.measurementsRequired })
    .min(1, d.measurementsRequired)
    .max(50),
});

/** The Estimate form of spec §5 (the Details step of an estimate): at least one measurement. */
export const detailsFormSchema = detailsFormFields.superRefine(checkPaneCount);

/** The Details rules for the booking option chosen on Contact. */
export const detailsSchemaFor = (bookingOption: string | null | undefined) =>
  measurementsOptional(bookingOption) ? detailsBodySchema : detailsFormSchema;
export type DetailsFormValues = z.infer<typeof detailsFormSchema>;

export const leadStages = ['contact', 'details', 'estimate', 'booked'] as const;
export type LeadStage = (typeof leadStages)[number];

/** A lead's stage only moves forward: going back to edit details keeps how far it got. */
export function furthestStage(current: string, next: LeadStage): LeadStage {
  const at = leadStages.indexOf(current as LeadStage);
  return at > leadStages.indexOf(next) ? (current as LeadStage) : next;
}

export const noLeadMessage = 'Please complete your contact details first.';

export const detailsResponseSchema = z.object({
  lead: z.object({ id: z.uuid(), stage: z.string() }),
});
