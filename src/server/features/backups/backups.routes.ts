import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupRunResponseSchema,
  backupStatusResponseSchema,
} from '#shared/backups/backups.contract.ts';
import { backupStatus, requestBackupNow } from './backups.service';

/** GET /backups/status (issue 31): staff and admin (registered inside staffRoutes). */
export const backupsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // backups configured "since" this process started, by the app's clock (see isMissed)
  const since = app.now();
  app.get(
    '/backups/status',
    {
      schema: {
        description:
          'The nightly backups: whether they are configured, where they go, the time (Melbourne) and how many are kept, the state (not-configured, ok, none-yet, running, failed, missed), the last success, the next run, the failures in a row and the latest 14 runs, newest first.',
        response: { 200: backupStatusResponseSchema },
      },
    },
    async () => ({ backups: await backupStatus(db, app.config, app.now(), since) }),
  );
};

/** POST /backups/run (issue 31): admin only (registered inside adminRoutes). */
export const backupsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.post(
    '/backups/run',
    {
      schema: {
        description:
          'Back up now: queues one backup (trigger manual) for the worker. 409 when backups are not configured or one is running.',
        response: { 202: backupRunResponseSchema },
      },
    },
    async (request, reply) => {
      const run = await requestBackupNow(db, app.outbox.queue, app.config, app.now());
      request.log.info({ runId: run.id }, 'backup asked for');
      return reply.code(202).send({ run });
    },
  );
};
