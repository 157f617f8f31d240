import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import {
  settingCategorySchema,
  settingKeySchema,
  settingsMessages as sm,
} from '#shared/settings/setting-fields.ts';
import { isSecretSetting } from '#shared/settings/settings-registry.ts';
import { hexColourSchema } from './admin-fields';
import { maskSecret } from './secrets';

// The generic settings API (spec §7): GET, POST, DELETE /api/settings/:key. Which keys exist and
// what each must be: the registry (shared/settings/settings-registry.ts).
export { settingsMessages } from '#shared/settings/setting-fields.ts';
export { isSecretSetting };

/** Banners (category 'banners') are read by the public settings route: checked here too. */
export const bannerValueSchema = z.object({
  text: text({ error: sm.bannerText }).trim().min(1, sm.bannerText).max(200, sm.bannerText),
  color: hexColourSchema.optional(),
});

export const settingParamsSchema = z.object({ key: settingKeySchema });

// POST /api/settings/:key: the value is checked against the key's schema in the service
export const saveSettingBodySchema = z.object({
  value: z.unknown().refine((value) => value !== undefined && value !== null, sm.valueRequired),
  category: settingCategorySchema.optional(),
  description: text().trim().max(300, sm.description).optional(),
});
export type SaveSettingBody = z.infer<typeof saveSettingBodySchema>;

// GET /api/settings?category=: anyone may send it (only an admin gets more), so never a 400
export const settingsQuerySchema = z.object({
  category: text().max(40).optional().catch(undefined),
});

export const settingDtoSchema = z.object({
  key: z.string(),
  value: z.unknown(),
  category: z.string(),
  description: z.string(),
  isSecret: z.boolean(),
});
export type SettingDto = z.infer<typeof settingDtoSchema>;

export const settingResponseSchema = z.object({
  success: z.literal(true),
  setting: settingDtoSchema,
});

export interface StoredSetting {
  key: string;
  value: unknown;
  category: string;
  description: string;
  isSecret: boolean;
}

/** What the API may show of a stored setting: secrets masked. */
export function toSettingDto(row: StoredSetting): SettingDto {
  const isSecret = isSecretSetting(row.key, row.isSecret);
  return {
    key: row.key,
    value: isSecret ? maskSecret(row.value) : row.value,
    category: row.category,
    description: row.description,
    isSecret,
  };
}
