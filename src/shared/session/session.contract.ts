import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { preservedFieldNames } from './session-expiry.ts';

// Spec §7 "Analytics and session": the session lifetime routes.

const sessionId = z.uuid('Invalid session id');

export const sessionLifetimeMessages = {
  sameSession: 'The new session must differ from the previous one.',
  unknownField: 'Unknown preserved field.',
  followsOther: 'This session already replaced another expired session.',
} as const;

export const sessionStatusInputSchema = z.object({ sessionId });

export const sessionStatusResponseSchema = z.object({
  isExpired: z.boolean(),
  isWarning: z.boolean(),
  timeUntilExpiry: z.number().nullable(),
  shouldClearBookingData: z.boolean(),
  message: z.string(),
});

// the steps of spec §2 the session can be at; anything else leaves the step as it was
export const sessionSteps = [
  'contact',
  'measurement',
  'files',
  'estimate',
  'booking',
  'confirmation',
] as const;

export const sessionActivityInputSchema = z.object({
  sessionId,
  action: text().trim().min(1, 'Action is required').max(64).default('activity'),
  page: text().max(200).optional(),
  data: z.record(text().max(64), z.unknown()).optional(),
});

export const sessionActivityResponseSchema = z.object({
  sessionId: z.uuid(),
  lastActivity: z.string(),
  timeUntilExpiry: z.number(),
});

export const sessionExpiredInputSchema = z
  .object({
    previousSessionId: sessionId,
    newSessionId: sessionId,
    preservedData: z
      .array(
        text().refine((name) => preservedFieldNames.includes(name), {
          message: sessionLifetimeMessages.unknownField,
        }),
      )
      .max(preservedFieldNames.length * 2)
      .default([]),
  })
  .refine((b) => b.previousSessionId !== b.newSessionId, {
    message: sessionLifetimeMessages.sameSession,
    path: ['newSessionId'],
  });

export const sessionExpiredResponseSchema = z.object({
  sessionId: z.uuid(),
  previousSessionId: z.uuid(),
  currentStep: z.string(),
  sessionExpired: z.boolean(),
  preservedData: z.array(z.string()),
  /** How many held slots of the previous session were released. */
  releasedHolds: z.number().int(),
});
