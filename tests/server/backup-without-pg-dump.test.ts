import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { restoreBackup } from '#server/backup/restore-backup.ts';
import { takeBackup } from '#server/backup/take-backup.ts';
import type { Database } from '#server/db/client.ts';
import { bookings } from '#server/db/schema/index.ts';
import { makeDeployment, type Deployment } from '#tests/helpers/backup-kit.ts';
import {
  holdAndBook,
  monday9,
  readyToBook,
  setStaff,
  staffOf,
} from '#tests/helpers/booking-flows.ts';
import { createLeadSession, filePart, png, postUpload } from '#tests/helpers/upload-kit.ts';

// Issue 31: a PostgreSQL deployment without pg_dump of the server's version (here none at all:
// BACKUP_PG_BIN_DIR names an empty folder) is backed up by the app's own export of its rows, in
// one repeatable-read transaction, and restored to the same rows: every table's contents equal,
// the dashboard's tallies not counted twice by their triggers, and new bookings take new ids.

/** Every app table's rows, as one digest each: what the backup must bring back. */
async function contents(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.executeSql(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of rows as { name: string }[]) {
    const [row] = (
      await database.executeSql(
        `select count(*)::int as n, md5(coalesce(string_agg(r, '|' order by r), '')) as digest
           from (select row_to_json(t)::text as r from public."${name}" t) rows`,
      )
    ).rows as { n: number; digest: string }[];
    digests[name] = `${row?.n} ${row?.digest}`;
  }
  return digests;
}

describe.runIf(inject('dbDriver') === 'postgres')('a PostgreSQL backup without pg_dump', () => {
  let source: Deployment;
  let noTools: string;
  let archive: string;
  let before: Record<string, string>;
  const notes: string[] = [];

  beforeAll(async () => {
    noTools = await mkdtemp(join(tmpdir(), 'tintbook-no-pg-dump-'));
    source = await makeDeployment({ BACKUP_PG_BIN_DIR: noTools, RATE_LIMIT_PUBLIC_MAX: '1000' });
    const database = await source.open();
    const app = await buildApp({ config: source.config, database, now: () => monday9 });
    await app.ready();
    try {
      await setStaff(database.db, staffOf(2));
      const t = { app, database, close: async () => {} };
      const uploaded = await postUpload(t, await createLeadSession(t), [filePart(await png())]);
      expect(uploaded.statusCode).toBe(201);
      for (const start of ['2026-11-24T09:00:00+11:00', '2026-11-24T10:00:00+11:00']) {
        const { sessionId } = await readyToBook(app);
        await holdAndBook(app, sessionId, start);
      }
      before = await contents(database);
      archive = `${source.config.dataDir}.tbk`;
      const manifest = await takeBackup(source.config, archive, monday9, (n) => notes.push(n));
      expect(manifest.database.dump).toBe('app-rows-jsonl');
      expect(manifest.entries.map((entry) => entry.path)).toContain('database/rows.jsonl');
    } finally {
      await app.close();
      await database.close();
    }
  });

  afterAll(async () => {
    await source?.dispose();
    await rm(noTools, { recursive: true, force: true });
    await rm(archive, { force: true });
  });

  it('says why pg_dump was not used', () => {
    expect(notes.join('\n')).toMatch(/pg_dump.*not installed.*exported the rows/);
  });

  it('restores onto an empty database: every table as it was, and the app books on', async () => {
    await source.wipe();
    const { manifest, after } = await restoreBackup(source.config, archive);
    expect(after.migrations).toEqual(manifest.database.migrations);
    expect(after.tables).toEqual(manifest.database.tables);
    const database = await source.open();
    try {
      expect(await contents(database)).toEqual(before);
      const app = await buildApp({ config: source.config, database, now: () => monday9 });
      try {
        const { sessionId } = await readyToBook(app);
        const { booking } = await holdAndBook(app, sessionId, '2026-11-25T09:00:00+11:00');
        const ids = (await database.db.select({ id: bookings.id }).from(bookings)).map((b) => b.id);
        expect(ids).toContain(booking.id);
        expect(ids).toHaveLength(3);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
