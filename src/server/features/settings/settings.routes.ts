import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicSettingsSchema,
  toggleKeys,
  type PublicSettings,
} from '#shared/catalogue/catalogue.contract.ts';
import {
  settingDtoSchema,
  settingsQuerySchema,
  toSettingDto,
} from '#shared/admin/settings.contract.ts';
import { businessDetailKeys, businessDetails } from '#shared/settings/business-details.ts';
import { settingValues } from '#shared/settings/settings-registry.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { brandingSettingKeys, toBranding } from './branding';
import { findSettings, type SettingRow } from './settings.repository';
import { emailConfigured } from './setup-status';

const publicKeys = [...toggleKeys, ...businessDetailKeys, 'smtp_host'] as const;
const bannerValueSchema = z.object({ text: z.string().min(1), color: z.string().default('green') });

function toPublicSettings(rows: SettingRow[], smtpUrl: string | undefined): PublicSettings {
  const s = settingValues(new Map(rows.map((row) => [row.key, row.value])), publicKeys);
  const toggles = Object.fromEntries(
    toggleKeys.map((key) => [key, s[key]]),
  ) as PublicSettings['toggles'];
  const banners = rows.flatMap((row) => {
    if (row.category !== 'banners' || row.isSecret) return [];
    const banner = bannerValueSchema.safeParse(row.value);
    return banner.success ? [{ key: row.key, ...banner.data }] : [];
  });
  return {
    toggles,
    business: businessDetails(s),
    banners,
    branding: toBranding(rows),
    messages: { emailSent: emailConfigured(smtpUrl, s.smtp_host) },
  };
}

// An admin asking for a category also gets all its settings (secrets masked), beside the public
// subset, so a booking page open in the admin's browser reads the same answer as everyone's.
const settingsAnswerSchema = publicSettingsSchema.extend({
  success: z.literal(true).optional(),
  settings: z.array(settingDtoSchema).optional(),
});

/** The public subset of the settings: toggles, the business's contact details, banners. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  async function isAdmin(request: FastifyRequest): Promise<boolean> {
    try {
      await app.requireAdmin(request);
      return true;
    } catch (err) {
      if (err instanceof HttpError && (err.statusCode === 401 || err.statusCode === 403)) {
        return false;
      }
      throw err;
    }
  }

  app.get(
    '/settings',
    {
      schema: {
        description:
          "The settings every screen needs: feature toggles, the business's name and contact details (empty until an admin confirms them), the banners, the logo and partner logos (public image URLs), and whether customer e-mails are really sent (messages.emailSent). With ?category= and an admin session, also every setting of that category (secrets masked).",
        querystring: settingsQuerySchema,
        response: { 200: settingsAnswerSchema },
      },
    },
    async (request) => {
      const rows = await findSettings(db, [...publicKeys, ...brandingSettingKeys], 'banners');
      const answer = toPublicSettings(rows, app.config.messaging.smtpUrl);
      const { category } = request.query;
      if (!category || !(await isAdmin(request))) return answer;
      const ofCategory = await findSettings(db, [], category);
      return {
        ...answer,
        success: true as const,
        settings: ofCategory.map(toSettingDto).sort((a, b) => a.key.localeCompare(b.key)),
      };
    },
  );
};
