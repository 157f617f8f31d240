import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { settings } from '#server/db/schema/index.ts';

export type SettingRow = typeof settings.$inferSelect;

/** Settings with the given keys, plus every setting of the given category. */
export function findSettings(db: Db, keys: readonly string[], category: string) {
  return db
    .select()
    .from(settings)
    .where(or(inArray(settings.key, [...keys]), eq(settings.category, category)));
}
