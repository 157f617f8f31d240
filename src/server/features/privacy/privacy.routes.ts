import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordErasure } from '#server/backup/erasure-list.ts';
import { staffActor } from '#server/db/staff-activity.ts';
import { createFileStorage } from '#server/integrations/storage/create-file-storage.ts';
import type { FileStorage } from '#server/integrations/storage/file-storage.ts';
import {
  customerParamsSchema,
  privacyEraseResponseSchema,
} from '#shared/leads/customer-records.contract.ts';
import { erasePerson } from './privacy.repository';
import { exportPerson, sendZip } from './privacy-export';

export interface PrivacyRoutesOptions {
  storage?: FileStorage;
}

/** Admin only (registered inside adminRoutes): APP 12 export and APP 13 erase of one person. */
export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = async (app, opts) => {
  const { db } = app.database;
  const storage = opts.storage ?? createFileStorage(app.config.storage);

  app.post(
    '/admin/privacy/customers/:id/erase',
    {
      schema: {
        description:
          'Erases a person (APP 13): every personal field of the customer record and of its leads, sessions, bookings, notes and messages is removed, and their files deleted; the rows stay anonymous so counts hold. Logged (who, when) without the erased data.',
        params: customerParamsSchema,
        response: { 200: privacyEraseResponseSchema },
      },
    },
    async (request) => {
      const staff = staffActor(request.staff);
      const now = app.now();
      const { counts, storageKeys } = await erasePerson(db, request.params.id, staff, now);
      // kept outside the database, so a restore of an older backup erases them again (issue 31)
      await recordErasure(app.config, {
        customerId: request.params.id,
        at: now.toISOString(),
        staffUserId: staff.id,
        staffName: staff.name,
      }).catch((err: unknown) => {
        request.log.error({ err }, 'privacy erase: the erasure list could not be written');
      });
      // after the commit: a removed file cannot come back if the transaction rolled back
      for (const key of storageKeys) {
        await storage.remove(key).catch((err: unknown) => {
          request.log.error({ err }, 'privacy erase: a stored file could not be removed');
        });
      }
      return {
        erased: counts,
        at: now.toISOString(),
        by: { kind: 'staff' as const, staffUserId: staff.id, name: staff.name },
      };
    },
  );

  app.get(
    '/admin/privacy/customers/:id/export.zip',
    {
      schema: {
        description:
          'Everything held about a person (APP 12) as a streamed zip: person.json (customer, leads, sessions, return visits, bookings, activities and notes, messages, file details) and their files under files/. Logged (who, when).',
        params: customerParamsSchema,
        produces: ['application/zip'],
        response: {
          200: z
            .string()
            .meta({ format: 'binary', contentMediaType: 'application/zip' })
            .describe('The zip, as a download (Content-Disposition: attachment).'),
        },
      },
    },
    async (request, reply) => {
      const staff = staffActor(request.staff);
      const now = app.now();
      const body = await exportPerson(db, storage, request.params.id, staff, now);
      return sendZip(
        reply,
        body,
        `person-${request.params.id}-${now.toISOString().slice(0, 10)}.zip`,
      );
    },
  );
};
