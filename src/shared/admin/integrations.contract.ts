import { z } from 'zod';
import { emailSchema, httpsUrlSchema, toggleSchema } from './admin-fields';
import {
  accountSidSchema,
  apiKeySchema,
  authTokenSchema,
  e164Schema,
  smtpHostSchema,
  smtpPasswordSchema,
  smtpPortSchema,
  smtpUserSchema,
} from '#shared/settings/setting-fields.ts';
import { keepsSecret } from './secrets';

// Messaging (Twilio, SMTP) and the job-tracking system. Secrets are write-only: a save that
// omits them, or sends back the mask it was shown, keeps the stored one.
export const integrationMessages = {
  apiKeyRequired: 'An API key is needed to turn the integration on',
} as const;

/** The secret field: a new value, or the mask / nothing to keep the stored one. */
const writeOnly = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (keepsSecret(value) ? undefined : value), schema.optional());

export const twilioConfigBodySchema = z.object({
  accountSid: accountSidSchema,
  fromNumber: e164Schema,
  authToken: writeOnly(authTokenSchema),
});
export const twilioConfigResponseSchema = z.object({
  success: z.literal(true),
  config: z.object({
    accountSid: z.string(),
    fromNumber: z.string(),
    /** Masked; '' when none is stored. */
    authToken: z.string(),
  }),
});

export const smtpConfigBodySchema = z.object({
  host: smtpHostSchema,
  port: smtpPortSchema,
  secure: toggleSchema,
  user: smtpUserSchema.default(''),
  password: writeOnly(smtpPasswordSchema),
  fromAddress: emailSchema,
});
export const smtpConfigResponseSchema = z.object({
  success: z.literal(true),
  config: z.object({
    host: z.string(),
    port: z.number().nullable(),
    secure: z.boolean(),
    user: z.string(),
    password: z.string(),
    fromAddress: z.string(),
  }),
});

export const trakIntegrationBodySchema = z.object({
  baseUrl: httpsUrlSchema,
  apiKey: writeOnly(apiKeySchema),
  enabled: toggleSchema,
});
export const trakIntegrationResponseSchema = z.object({
  success: z.literal(true),
  config: z.object({ baseUrl: z.string(), apiKey: z.string(), enabled: z.boolean() }),
});
