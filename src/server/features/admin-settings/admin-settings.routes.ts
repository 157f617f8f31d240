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
    { schema: { response: { 200: twilioConfigResponseSchema } } },
    async () => ({ success: true as const, config: await integrations.readTwilioConfig(db) }),
  );
  app.post(
    '/settings/twilio-config',
    {
      schema: {
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
      schema: { params: settingParamsSchema, response: { 200: settingResponseSchema } },
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
      schema: { params: settingParamsSchema, response: { 200: settingResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      setting: await removeSetting(db, request.params.key),
    }),
  );

  app.get(
    '/admin/smtp-config',
    { schema: { response: { 200: smtpConfigResponseSchema } } },
    async () => ({ success: true as const, config: await integrations.readSmtpConfig(db) }),
  );
  app.post(
    '/admin/smtp-config',
    {
      schema: {
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
    { schema: { response: { 200: trakIntegrationResponseSchema } } },
    async () => ({ success: true as const, config: await integrations.readTrakIntegration(db) }),
  );
  app.post(
    '/admin/trak-integration',
    {
      schema: {
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
