import { z } from 'zod';
import { text } from '#shared/api/text.ts';

// Spec §3 "Analytics event" and "Activity", §7 "Analytics and session".

export const analyticsMessages = {
  tooManyKeys: 'At most 20 data fields per event.',
  rangeOrder: 'The end must not be before the start.',
  rangeTooLong: 'At most 31 days at a time.',
  dateOutOfRange: 'Choose a date between 2000 and 2099.',
} as const;

/** An ISO date-time with its offset, in years the database stores (year 0000 is refused there). */
const instant = (message: string) =>
  z.iso
    .datetime({ offset: true, message })
    .refine((value) => /^20\d\d-/.test(value), analyticsMessages.dateOutOfRange);

/** Most events a batch may carry; the browser flushes before it gets there. */
export const maxEventsPerBatch = 100;

// Flat and small: an event names what happened, it never carries a form's contents.
const eventData = z
  .record(text().max(64), z.union([text().max(200), z.number(), z.boolean(), z.null()]))
  .refine((data) => Object.keys(data).length <= 20, analyticsMessages.tooManyKeys);

export const analyticsEventSchema = z.object({
  sessionId: z.uuid('Invalid session id'),
  action: text({ error: 'Action is required' }).trim().min(1, 'Action is required').max(64),
  page: text().max(200).optional(),
  data: eventData.optional(),
  timestamp: instant('Invalid timestamp').optional(),
  userAgent: text().max(500).optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

const batchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(maxEventsPerBatch),
});

/** One event (spec §7) or `{ events: [...] }`, the browser's batch. */
export const analyticsInputSchema = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null && !Array.isArray(body) && !('events' in body)
      ? { events: [body] }
      : body,
  batchSchema,
);

export const analyticsAcceptedSchema = z.object({ accepted: z.number().int() });

export const analyticsReportQuerySchema = z
  .object({
    start: instant('Invalid start').optional(),
    end: instant('Invalid end').optional(),
  })
  .refine((q) => !q.start || !q.end || Date.parse(q.end) >= Date.parse(q.start), {
    message: analyticsMessages.rangeOrder,
    path: ['end'],
  });

export const analyticsReportSchema = z.object({
  start: z.string(),
  end: z.string(),
  total: z.number().int(),
  byAction: z.array(z.object({ action: z.string(), count: z.number().int() })),
  byPage: z.array(z.object({ page: z.string(), count: z.number().int() })),
  journeys: z.object({
    started: z.number().int(),
    completed: z.number().int(),
    abandoned: z.number().int(),
  }),
  /** The latest events of the range, newest first (at most 200). */
  events: z.array(
    z.object({
      sessionId: z.string().nullable(),
      action: z.string(),
      page: z.string().nullable(),
      data: z.unknown(),
      timestamp: z.string(),
    }),
  ),
});

export const activityInputSchema = z.object({
  sessionId: z.uuid('Invalid session id'),
  action: text({ error: 'Action is required' }).trim().min(1, 'Action is required').max(64),
  page: text().max(200).optional(),
  eventType: text().max(64).optional(),
  eventData: eventData.optional(),
  pageUrl: text().max(2000).optional(),
  data: eventData.optional(),
});

export const activityResponseSchema = z.object({ id: z.uuid(), timestamp: z.string() });
