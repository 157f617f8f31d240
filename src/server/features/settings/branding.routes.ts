import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandImageMessages,
  brandingKeys,
  brandingSchema,
  type Branding,
} from '#shared/branding/branding.contract.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import { createFileStorage } from '#server/integrations/storage/create-file-storage.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { readBranding } from './branding';

/** PUT /api/admin/branding: registered among the admin routes (admin-routes.ts). */
export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createFileStorage(app.config.storage);

  /** Only images this server stored may be named: a URL is a path the app serves itself. */
  async function assertStored(branding: Branding) {
    const urls = [
      ...(branding.logoUrl ? [branding.logoUrl] : []),
      ...(branding.logoDarkUrl ? [branding.logoDarkUrl] : []),
      ...branding.partners.flatMap((p) => [p.lightUrl, p.darkUrl]),
    ];
    for (const url of new Set(urls)) {
      const body = await storage.get(`brand/${url.slice(url.lastIndexOf('/') + 1)}`);
      if (!body) throw HttpError.badRequest(brandImageMessages.unknownImage);
      body.destroy();
    }
  }

  app.put(
    '/admin/branding',
    {
      schema: {
        description:
          "Admin only. Saves the business's logo (shown in the header with the business name as its text; null: the name alone), its dark-theme version (null or absent: the logo on both themes) and the partner logos of the footer strip, in order, each with its alt text and its light- and dark-theme image (none: no strip). URLs come from POST /api/admin/brand-images.",
        body: brandingSchema,
        response: { 200: brandingSchema },
      },
    },
    async (request) => {
      const branding = request.body;
      await assertStored(branding);
      await saveSettings(app.database.db, [
        {
          key: brandingKeys.logo,
          // '' for none: the column holds JSON, and drizzle writes a null as SQL NULL
          value: branding.logoUrl ?? '',
          category: 'branding',
          defaultDescription: "The business's logo in the header",
          isSecret: false,
        },
        {
          key: brandingKeys.logoDark,
          value: branding.logoDarkUrl ?? '',
          category: 'branding',
          defaultDescription: "The business's logo in the header in the dark theme",
          isSecret: false,
        },
        {
          key: brandingKeys.partners,
          value: branding.partners,
          category: 'branding',
          defaultDescription: 'The partner logos of the footer strip',
          isSecret: false,
        },
      ]);
      return readBranding(app.database.db);
    },
  );
};
