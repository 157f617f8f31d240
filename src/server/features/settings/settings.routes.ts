import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicSettingsSchema,
  toggleKeys,
  type PublicSettings,
} from '../../../shared/catalogue/catalogue.contract';
import { findSettings, type SettingRow } from './settings.repository';

const businessKeys = ['business_name', 'contact_email', 'contact_phone'] as const;
const bannerValueSchema = z.object({ text: z.string().min(1), color: z.string().default('green') });

function toPublicSettings(rows: SettingRow[]): PublicSettings {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const text = (key: string) => {
    const value = byKey.get(key)?.value;
    return typeof value === 'string' ? value : '';
  };
  const toggles = Object.fromEntries(
    toggleKeys.map((key) => [key, byKey.get(key)?.value === true]),
  ) as PublicSettings['toggles'];
  const banners = rows.flatMap((row) => {
    if (row.category !== 'banners' || row.isSecret) return [];
    const banner = bannerValueSchema.safeParse(row.value);
    return banner.success ? [{ key: row.key, ...banner.data }] : [];
  });
  return {
    toggles,
    business: {
      name: text('business_name'),
      email: text('contact_email'),
      phone: text('contact_phone'),
    },
    banners,
  };
}

/** The public subset of the settings: toggles, the business's contact details, banners. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { schema: { response: { 200: publicSettingsSchema } } }, async () => {
    const rows = await findSettings(app.database.db, [...toggleKeys, ...businessKeys], 'banners');
    return toPublicSettings(rows);
  });
};
