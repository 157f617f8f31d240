import type { z } from 'zod';
import {
  bannerValueSchema,
  settingsMessages,
  toSettingDto,
  type SaveSettingBody,
  type SettingDto,
} from '#shared/admin/settings.contract.ts';
import { keepsSecret } from '#shared/admin/secrets.ts';
import {
  isBuiltInSetting,
  isSecretSetting,
  settingEntry,
} from '#shared/settings/settings-registry.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import * as repo from './admin-settings.repository';

const m = settingsMessages;
const maxValueChars = 20_000;

/** Zod issues as `{ 'value.lat': message }`, first message per field. */
export function fieldsOf(error: z.ZodError, prefix?: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'value';
    fields[path] ??= issue.message;
  }
  return fields;
}

export async function readSetting(db: Db, key: string): Promise<SettingDto> {
  const row = await repo.findSetting(db, key);
  if (!row) throw HttpError.notFound(m.notFound);
  return toSettingDto(row);
}

export async function listCategory(db: Db, category: string): Promise<SettingDto[]> {
  return (await repo.listSettingsOfCategory(db, category)).map(toSettingDto);
}

/**
 * Known keys are checked with their own schema and keep their category; other keys take any
 * JSON value (banners must be { text, color }). Secrets are stored encrypted, and keep their
 * value when the save sends nothing or the mask.
 */
export async function saveSetting(
  db: Db,
  secrets: SettingSecrets,
  key: string,
  body: SaveSettingBody,
): Promise<SettingDto> {
  const known = settingEntry(key);
  if (known && body.category && body.category !== known.screen) {
    throw HttpError.badRequest(m.wrongCategory(known.screen), {
      category: m.wrongCategory(known.screen),
    });
  }
  const existing = await repo.findSetting(db, key);
  const category = known?.screen ?? body.category ?? existing?.category ?? 'general';
  const isSecret = isSecretSetting(key, existing?.isSecret);
  // undefined: the stored (sealed) value stays as it is
  let value: unknown;
  if (isSecret && keepsSecret(body.value)) {
    if (!existing) throw HttpError.badRequest(m.valueRequired, { value: m.valueRequired });
  } else {
    const schema = known?.schema ?? (category === 'banners' ? bannerValueSchema : null);
    const parsed = schema
      ? schema.safeParse(body.value)
      : { success: true as const, data: body.value };
    if (!parsed.success) {
      const fields = fieldsOf(parsed.error, 'value');
      throw HttpError.badRequest(Object.values(fields)[0] ?? m.valueRequired, fields);
    }
    value = parsed.data;
    if (JSON.stringify(value).length > maxValueChars) {
      throw HttpError.badRequest(m.valueTooLarge, { value: m.valueTooLarge });
    }
  }
  const [row] = await saveSettings(
    db,
    [
      {
        key,
        value,
        category,
        description: body.description,
        defaultDescription: known?.description,
        isSecret,
      },
    ],
    secrets,
  );
  if (!row) throw new Error(`setting ${key} was not saved`);
  return toSettingDto(row);
}

export async function removeSetting(db: Db, key: string): Promise<SettingDto> {
  if (isBuiltInSetting(key)) throw HttpError.conflict(m.builtIn);
  const row = await repo.deleteSetting(db, key);
  if (!row) throw HttpError.notFound(m.notFound);
  return toSettingDto(row);
}
