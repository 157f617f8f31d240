import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { SettingDto } from '#shared/admin/settings.contract.ts';
import { settingEntry } from '#shared/settings/settings-registry.ts';
import { errorCodes } from '#shared/api/error.ts';
import { api, ApiRequestError } from '#web/lib/api-client.ts';
import { settingsQuery } from '#web/lib/queries.ts';
import { setupStatusQuery } from '#web/components/staff/setup-status.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

/** Saved values by key, as the admin API shows them (secrets only as the mask "••••••••"). */
export type SavedSettings = Record<string, unknown>;

/** One change: a new value for the key, or null to remove the key. */
export type SettingChange = [key: string, value: unknown];

export const partlySavedTitle = 'Some changes were not saved. Please correct the following:';

function categoryQuery(category: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'settings', category],
    queryFn: async ({ signal }): Promise<SavedSettings> => {
      const params = new URLSearchParams({ category });
      const body = await api.get<{ settings?: SettingDto[] }>(`/api/settings?${params}`, signal);
      // the server leaves the list out for anyone who is not an admin
      if (!body.settings) throw new Error('These settings need an admin account.');
      return Object.fromEntries(body.settings.map((setting) => [setting.key, setting.value]));
    },
  });
}

/** The server's own check of a known setting, typed as the form holds the value. */
export function settingCheck<T>(key: string): z.ZodType<T, T> {
  const known = settingEntry(key);
  if (!known) throw new Error(`Unknown setting ${key}`);
  return known.schema as z.ZodType<T, T>;
}

/** Blank is allowed (no address / keep the secret); anything else must pass the key's check. */
export function blankOr(key: string) {
  const check = settingCheck<string>(key);
  return z.string().superRefine((value, context) => {
    if (value.trim() === '') return;
    const result = check.safeParse(value);
    if (!result.success) {
      context.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' });
    }
  });
}

/** The entries of a form whose value differs from the saved one. */
export function changedEntries(values: Record<string, unknown>, saved: SavedSettings) {
  return Object.entries(values).filter(
    ([key, value]) => JSON.stringify(value) !== JSON.stringify(saved[key]),
  );
}

async function send([key, value]: SettingChange): Promise<unknown> {
  const path = `/api/settings/${encodeURIComponent(key)}`;
  return value === null ? api.delete(path) : api.post(path, { value });
}

/**
 * Saves each change with its own request. Refused values come back as one error whose fields
 * are named by key (the form's field names), so each message lands on its input.
 */
async function saveChanges(changes: SettingChange[]): Promise<void> {
  const results = await Promise.allSettled(changes.map(send));
  const fields: Record<string, string> = {};
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') continue;
    const error: unknown = result.reason;
    // not a refused value (signed out, server down): the form shows that message as it is
    if (!(error instanceof ApiRequestError) || error.status !== 400) throw error;
    const key = changes[index]?.[0] ?? 'value';
    fields[key] = Object.values(error.fields)[0] ?? error.message;
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiRequestError(400, errorCodes.validation, partlySavedTitle, fields);
  }
}

/** The saved settings of one category, and a save that refreshes them and the public settings. */
export function useSettingsCategory(category: string) {
  const queryClient = useQueryClient();
  const query = useQuery(categoryQuery(category));
  const save = async (changes: SettingChange[]) => {
    try {
      await saveChanges(changes);
    } finally {
      // even a partial save changed something: read back what the server now holds
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryQuery(category).queryKey }),
        // the help dialog and the booking pages read these (toggles, contact details)
        queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
        // the first-run checklist reads confirmations, the mail server and the staff e-mail
        queryClient.invalidateQueries({ queryKey: setupStatusQuery.queryKey }),
      ]);
    }
  };
  return { query, save };
}
