import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { throwawayDatabase } from '#tests/helpers/throwaway-postgres.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrationsDir } from '#server/lib/package-root.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { testSettingsKey } from '#tests/helpers/test-app.ts';

// Issue 31: a deployment made by an earlier release (2026-11-25, tag release-2026-11-25: 14
// migrations, booking staff in the settings, no consultants) starts under today's app. Its data
// directory (PGlite) or its pg_dump (PostgreSQL) migrates forward once, and the customers, leads,
// booking, hold, messages and photo it held are served. tests/fixtures/release-2026-11-25 says
// how the fixture was made.

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'release-2026-11-25');
const driver = inject('dbDriver');
const run = promisify(execFile);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Records {
  clock: string;
  booked: { leadId: string; bookingId: string; manageToken: string; startTime: string };
  holding: { sessionId: string; reservationId: string; leadId: string };
  photo: { leadId: string; fileId: string; sha256: string; bytes: number };
  counts: Record<string, number>;
}

const unpack = async (name: string, into: string) => {
  const tar = join(into, `${name}.tar`);
  await writeFile(tar, brotliDecompressSync(await readFile(join(fixtures, `${name}.tar.br`))));
  await run('tar', ['-xf', tar, '-C', into]);
  await rm(tar);
};

/** The release's deployment, unpacked: its DATA_DIR, and on PostgreSQL its restored database. */
async function releaseDeployment() {
  const dataDir = await mkdtemp(join(tmpdir(), 'tintbook-release-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (driver === 'pglite') {
    await unpack('pglite-data', dataDir);
    return { dataDir, databaseUrl: undefined, records: await records('pglite') };
  }
  await unpack('postgres-uploads', dataDir);
  const database = await throwawayDatabase('tintbook_release');
  cleanups.push(database.drop);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // pg_dump --inserts: plain statements, run as one simple query
  const dump = brotliDecompressSync(await readFile(join(fixtures, 'postgres.sql.br'))).toString();
  await client.query(dump).finally(() => client.end());
  return { dataDir, databaseUrl: database.url, records: await records('postgres') };
}

const records = async (of: string) =>
  JSON.parse(await readFile(join(fixtures, `records-${of}.json`), 'utf8')) as Records;

const journalLength = async () =>
  (
    JSON.parse(await readFile(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

const migrationsRun = async (database: Database) =>
  Number(
    (
      (await database.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'))
        .rows[0] as { n: number }
    ).n,
  );

describe(`a deployment of release 2026-11-25 under today's app (${driver})`, () => {
  it('migrates forward once and serves its customers, leads, booking, hold, messages and photo', async () => {
    const { dataDir, databaseUrl, records: r } = await releaseDeployment();
    const target = databaseUrl
      ? ({ driver: 'postgres', url: databaseUrl } as const)
      : ({ driver: 'pglite', dataDir } as const);
    const open = async () => {
      const database = await openDatabase(target);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SETTINGS_ENCRYPTION_KEY: testSettingsKey,
        RATE_LIMIT_PUBLIC_MAX: '100000',
      });
      // five minutes after the release made its records: the hold still holds
      const now = new Date(Date.parse(r.clock) + 5 * 60_000);
      const app = await buildApp({ config, database, now: () => now });
      await app.ready();
      return { app, database };
    };

    const { app, database } = await open();
    expect(await migrationsRun(database)).toBe(await journalLength());
    for (const [table, count] of Object.entries(r.counts)) {
      const rows = await database.executeSql(`SELECT count(*)::int AS n FROM ${table}`);
      expect((rows.rows[0] as { n: number }).n, table).toBe(count);
    }
    const cookie = await signInAs(app, (await createStaff(database.db, { role: 'admin' })).email);
    const asStaff = (url: string) =>
      app.inject({ method: 'GET', url, headers: { ...sameOrigin, cookie } });

    // the booked lead, its booking (now with a consultant, made from the booking staff)
    const lead = await asStaff(`/api/leads/${r.booked.leadId}`);
    expect(lead.statusCode, lead.body).toBe(200);
    type Entry = { booking: { id: string; status: string; timeSlot: { startTime: string } } };
    const entry = (lead.json().lead.bookings as Entry[]).find(
      (b) => b.booking.id === r.booked.bookingId,
    );
    expect(entry).toMatchObject({
      booking: { status: 'confirmed' },
      consultant: { id: 'staff-1' },
    });
    expect(Date.parse(entry!.booking.timeSlot.startTime)).toBe(Date.parse(r.booked.startTime));
    // its messages, as the release queued them
    expect(lead.json().lead.messages.length).toBeGreaterThan(0);
    // the customer's manage link still opens it
    const managed = await app.inject({ method: 'GET', url: `/api/manage/${r.booked.manageToken}` });
    expect(managed.statusCode, managed.body).toBe(200);
    // the hold the release made is booked under today's app
    const fromHold = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        sessionId: r.holding.sessionId,
        reservationId: r.holding.reservationId,
        serviceType: 'phone',
        idempotencyKey: randomUUID(),
      },
    });
    expect(fromHold.statusCode, fromHold.body).toBe(201);
    // the photo, byte for byte
    const photo = await asStaff(`/api/uploads/${r.photo.fileId}/content`);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.length).toBe(r.photo.bytes);
    expect(createHash('sha256').update(photo.rawPayload).digest('hex')).toBe(r.photo.sha256);
    const leads = await asStaff('/api/leads');
    expect(leads.json().leads.map((l: { id: string }) => l.id)).toEqual(
      expect.arrayContaining([r.booked.leadId, r.holding.leadId, r.photo.leadId]),
    );
    await app.close();
    await database.close();

    // started again: nothing is migrated twice
    const again = await open();
    expect(await migrationsRun(again.database)).toBe(await journalLength());
    await again.app.close();
    await again.database.close();
  }, 120_000);
});
