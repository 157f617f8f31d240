import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { erasedAtOf, erasePerson } from '#server/features/privacy/privacy.repository.ts';
import { createFileStorage } from '#server/integrations/storage/create-file-storage.ts';
import { erasureListPath, readErasures } from './erasure-list';

/**
 * After a restore: every person of the erasure list who is on record in the restored database
 * and not erased there (erased after the backup was taken) is erased again by the same code as
 * the admin's Erase, as the same staff member at the same instant, and their files removed. An
 * erasure the backup already holds is left as it is, so only the newer ones run. The number
 * erased again.
 */
export async function reapplyErasures(config: Config, db: Db): Promise<number> {
  const path = erasureListPath(config);
  if (!path) return 0;
  const storage = createFileStorage(config.storage);
  let erased = 0;
  for (const entry of await readErasures(path)) {
    if ((await erasedAtOf(db, entry.customerId)) !== null) continue; // erased, or not on record
    const staff = { id: entry.staffUserId, name: entry.staffName };
    const { storageKeys } = await erasePerson(db, entry.customerId, staff, new Date(entry.at));
    for (const key of storageKeys) await storage.remove(key).catch(() => {});
    erased += 1;
  }
  return erased;
}
