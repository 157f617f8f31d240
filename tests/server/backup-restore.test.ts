import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { restoreBackup, RestoreRefused } from '#server/backup/restore-backup.ts';
import { serveSnapshots } from '#server/backup/snapshot-socket.ts';
import { takeBackup } from '#server/backup/take-backup.ts';
import { ArchiveError } from '#server/backup/tar-stream.ts';
import type { Config } from '#server/config.ts';
import { bookings, uploadedFiles } from '#server/db/schema/index.ts';
import { newEncryptionKey } from '#server/lib/secret-box.ts';
import { entriesUnder, makeDeployment, type Deployment } from '#tests/helpers/backup-kit.ts';
import {
  holdAndBook,
  monday9,
  readyToBook,
  setStaff,
  staffOf,
} from '#tests/helpers/booking-flows.ts';
import { createLeadSession, filePart, png, postUpload } from '#tests/helpers/upload-kit.ts';

// Issue 31: a backup taken while bookings keep coming in, the data directory (or database)
// wiped, the backup restored: every booking acknowledged before the backup started is there and
// the photo is byte for byte the same. Damaged, tampered and wrongly keyed archives are refused
// before anything is written.

const noLog = { info: () => {}, warn: () => {} };
// Tuesday 24 November 2026 to Monday 30 November, weekdays, sixteen slots a day
const days = ['24', '25', '26', '27', '30'];
const slotStart = (n: number) => {
  const day = days[Math.floor(n / 16) % days.length] as string;
  const minutes = 8 * 60 + (n % 16) * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}`;
  return `2026-11-${day}T${time}:00+11:00`;
};

describe('backup and restore', () => {
  let source: Deployment;
  let archive: string;
  let acknowledged: string[] = [];
  let photo: { key: string; bytes: Buffer };

  beforeAll(async () => {
    source = await makeDeployment({ RATE_LIMIT_PUBLIC_MAX: '1000000' });
    const database = await source.open();
    const app = await buildApp({ config: source.config, database, now: () => monday9 });
    await app.ready();
    const snapshots = await serveSnapshots(database, source.config.dataDir, noLog);
    try {
      await setStaff(database.db, staffOf(3));
      const t = { app, database, close: async () => {} };
      const uploaded = await postUpload(t, await createLeadSession(t), [filePart(await png())]);
      expect(uploaded.statusCode).toBe(201);
      const [file] = await database.db.select().from(uploadedFiles);
      const key = file?.storedName as string;
      photo = { key, bytes: await readFile(join(source.config.storage.uploadsDir, key)) };

      let slot = 0;
      const bookOne = async () => {
        const { sessionId } = await readyToBook(app);
        const n = slot++;
        const { booking } = await holdAndBook(app, sessionId, slotStart(Math.floor(n / 3)));
        return booking.id;
      };
      for (let i = 0; i < 3; i++) acknowledged.push(await bookOne());
      // bookings keep coming in while the backup runs
      let running = true;
      const during: string[] = [];
      const loop = (async () => {
        // a few are enough to overlap the copy; more would only slow the backup down
        while (running && during.length < 20) during.push(await bookOne());
      })();
      await new Promise((resolve) => setTimeout(resolve, 100));
      acknowledged = [...acknowledged, ...during];
      archive = `${source.config.dataDir}.tbk`;
      const manifest = await takeBackup(source.config, archive, monday9);
      running = false;
      await loop;
      expect(during.length).toBeGreaterThan(0);
      expect(manifest.database.tables.bookings).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await snapshots.close();
      await app.close();
      await database.close();
    }
  });

  afterAll(async () => {
    await source?.dispose();
    for (const suffix of ['', '.cut', '.bad', '.sealed'])
      await rm(`${archive}${suffix}`, { force: true });
  });

  it('writes the archive owner-only, with a manifest', async () => {
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
  });

  it('restores onto a wiped deployment: every acknowledged booking and the photo byte for byte', async () => {
    await source.wipe();
    const { manifest, after } = await restoreBackup(source.config, archive);
    expect(after.migrations).toEqual(manifest.database.migrations);
    const database = await source.open();
    try {
      const ids = (await database.db.select({ id: bookings.id }).from(bookings)).map((b) => b.id);
      expect(ids).toEqual(expect.arrayContaining(acknowledged));
      expect(await readFile(join(source.config.storage.uploadsDir, photo.key))).toEqual(
        photo.bytes,
      );
      // the app starts on it and answers
      const app = await buildApp({ config: source.config, database, now: () => monday9 });
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      await app.close();
    } finally {
      await database.close();
    }
  });

  it('refuses a target that is not empty unless --force', async () => {
    await expect(restoreBackup(source.config, archive)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(source.config, archive, { force: true })).resolves.toBeTruthy();
  });

  describe('refused archives write nothing', () => {
    let target: Deployment;
    beforeAll(async () => (target = await makeDeployment({}, { empty: true })));
    afterAll(() => target?.dispose());

    const refused = async (file: string, key?: string) => {
      const config = key ? withKey(target.config, key) : target.config;
      const before = await entriesUnder(target.config.dataDir);
      const error = await restoreBackup(config, file).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(ArchiveError);
      expect(await entriesUnder(target.config.dataDir)).toEqual(before);
      return (error as Error).message;
    };

    it('a truncated archive', async () => {
      const cut = `${archive}.cut`;
      const bytes = await readFile(archive);
      await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
      expect(await refused(cut)).toMatch(/damaged or cut short/);
    });

    it('a corrupted archive', async () => {
      const bad = `${archive}.bad`;
      const bytes = Buffer.from(await readFile(archive));
      const at = Math.floor(bytes.length * 0.7);
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
      await writeFile(bad, bytes);
      expect(await refused(bad)).toMatch(/damaged|checksum/);
    });

    it('an encrypted archive with the wrong key, or changed', async () => {
      const key = newEncryptionKey();
      const sealed = `${archive}.sealed`;
      // the restored deployment (the tests before left it restored) backed up again, encrypted
      await takeBackup(withKey(source.config, key), sealed, monday9);
      expect(await refused(sealed, newEncryptionKey())).toMatch(/another key/);
      const bytes = Buffer.from(await readFile(sealed));
      const at = bytes.length - 40;
      bytes[at] = (bytes[at] ?? 0) ^ 0x01;
      await writeFile(sealed, bytes);
      expect(await refused(sealed, key)).toMatch(/authentication|damaged/);
    });
  });
});

function withKey(config: Config, key: string): Config {
  return { ...config, backup: { ...config.backup, encryptionKey: Buffer.from(key, 'base64') } };
}
