import { z } from 'zod';
import { estimateBreakdownSchema, onsiteSchema } from './estimate.contract';

/**
 * GET /api/sessions/:sessionId/estimate: what the session's lead holds, read only (nothing is
 * priced or saved again). The booking takes its price and its onsite check from the same place.
 */
export const savedEstimateResponseSchema = z.object({
  /** Panes of the saved details; 0 before the Details step. */
  glassCount: z.number().int(),
  /** The estimate the Estimate step saved; null before that step. */
  estimate: estimateBreakdownSchema.nullable(),
  /** For the saved panes, with the settings of now. */
  onsite: onsiteSchema,
});
export type SavedEstimateResponse = z.infer<typeof savedEstimateResponseSchema>;
