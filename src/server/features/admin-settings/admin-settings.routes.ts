import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  smtpConfigBodySchema,
  smtpConfigResponseSchema,
  trakIntegrationBodySchema,
  trakIntegrationResponseSchema,
  twilioConfigBodySchema,
  twilioConfigResponseSchema,
} from '#shared/admin/integrations.contract.ts';
import {
  saveSettingBodySchema,
  settingParamsSchema,
  settingResponseSchema,
} from '#shared/admin/settings.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { readSetting, removeSetting, saveSetting } from './admin-settings.service';
import * as integrations from './integrations.service';

/** Admin only: the settings by key, messaging, and the job-tracking system. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const secrets = app.settingSecrets;

  // Static paths (/settings/twilio-config) win over /settings/:key in Fastify's router.
  app.get(
    '/settings/twilio-config',
    {
      schema: {
        description: 'The Twilio SMS settings, the auth token masked.',
        response: { 200: twilioConfigResponseSchema },
      },
    },
    async () => ({ success: true as const, config: await integrations.readTwilioConfig(db) }),
  );
  app.post(
    '/settings/twilio-config',
    {
      schema: {
        description:
          'Saves the Twilio SMS settings; the auth token is stored encrypted (503 without SETTINGS_ENCRYPTION_KEY).',
        body: acceptSnakeCase(twilioConfigBodySchema),
        response: { 200: twilioConfigResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      config: await integrations.saveTwilioConfig(db, secrets, request.body),
    }),
  );

  app.get(
    '/settings/:key',
    {
      schema: {
        description: 'One setting by key, a secret masked.',
        params: settingParamsSchema,
        response: { 200: settingResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      setting: await readSetting(db, request.params.key),
    }),
  );
  app.post(
    '/settings/:key',
    {
      schema: {
        description: 'Saves one setting by key; a secret is stored encrypted.',
        params: settingParamsSchema,
        body: saveSettingBodySchema,
        response: { 200: settingResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      setting: await saveSetting(db, secrets, request.params.key, request.body),
    }),
  );
  app.delete(
    '/settings/:key',
    {
      schema: {
        description: 'Deletes a setting of its own making; 409 for the built-in ones.',
        params: settingParamsSchema,
        response: { 200: settingResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      setting: await removeSetting(db, request.params.key),
    }),
  );

  app.get(
    '/admin/smtp-config',
    {
      schema: {
        description: 'The SMTP e-mail settings, the password masked.',
        response: { 200: smtpConfigResponseSchema },
      },
    },
    async () => ({ success: true as const, config: await integrations.readSmtpConfig(db) }),
  );
  app.post(
    '/admin/smtp-config',
    {
      schema: {
        description:
          'Saves the SMTP e-mail settings; the password is stored encrypted (503 without SETTINGS_ENCRYPTION_KEY).',
        body: acceptSnakeCase(smtpConfigBodySchema),
        response: { 200: smtpConfigResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      config: await integrations.saveSmtpConfig(db, secrets, request.body),
    }),
  );

  app.get(
    '/admin/trak-integration',
    {
      schema: {
        description: 'The job-tracking system integration, the API key masked.',
        response: { 200: trakIntegrationResponseSchema },
      },
    },
    async () => ({ success: true as const, config: await integrations.readTrakIntegration(db) }),
  );
  app.post(
    '/admin/trak-integration',
    {
      schema: {
        description:
          'Saves the job-tracking system integration; the API key is stored encrypted (503 without SETTINGS_ENCRYPTION_KEY).',
        body: acceptSnakeCase(trakIntegrationBodySchema),
        response: { 200: trakIntegrationResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      config: await integrations.saveTrakIntegration(db, secrets, request.body),
    }),
  );
};
