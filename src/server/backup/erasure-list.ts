import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '#server/config.ts';

// APP 13 across restores (issue 31, ADR 056): every erasure is appended to
// BACKUP_DIR/erasures.jsonl, beside the archives and outside DATA_DIR, so the list outlives the
// disk the database was on. After `npm run restore` of an older backup, the erasures of this list
// are applied again (reapply-erasures.ts): an erased person does not come back. Ids only, and
// who erased them: never the erased data.

export interface ErasureEntry {
  customerId: string;
  /** ISO instant of the erasure (the app's clock). */
  at: string;
  staffUserId: string;
  staffName: string;
}

export const erasureListPath = (config: Config): string | undefined =>
  config.backup.dir ? join(config.backup.dir, 'erasures.jsonl') : undefined;

/** Appends one erasure (the file is created owner-only). Nothing when BACKUP_DIR is unset. */
export async function recordErasure(config: Config, entry: ErasureEntry): Promise<void> {
  const path = erasureListPath(config);
  if (!path) return;
  await mkdir(config.backup.dir as string, { recursive: true, mode: 0o700 });
  await appendFile(path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
}

const isEntry = (value: unknown): value is ErasureEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErasureEntry).customerId === 'string' &&
  typeof (value as ErasureEntry).at === 'string';

/** The list's entries; a line cut by a crash mid-append is skipped. */
export async function readErasures(path: string): Promise<ErasureEntry[]> {
  const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return '';
    throw err;
  });
  const entries: ErasureEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isEntry(value)) entries.push(value);
    } catch {
      // a torn last line: the erasure's own request answered with an error, nothing was promised
    }
  }
  return entries;
}
