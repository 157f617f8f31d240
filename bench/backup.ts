// Backup time and size at 100,000 leads with 10,000 photos' files, on PGlite and PostgreSQL, and
// how long bookings wait while a backup runs (issue 31, ADR 056). `npx tsx bench/backup.ts`
// (BENCH_LEADS, BENCH_PHOTOS, BENCH_DRIVERS=pglite,postgres, BENCH_LOAD_SECONDS: the longest
// booking run, BENCH_DRY=1 prints only). The method is in the section it writes.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { bodies, pacedLoad, prepareBookings } from './booking-load';
import { bytesUnder, pgliteDatabaseBytes, photoFiles, seedRows, writePhotos } from './backup-seed';
import { report } from './backup-report';
import { writeSection } from './results';

type Driver = 'pglite' | 'postgres';
const leadCount = Number(process.env.BENCH_LEADS ?? 100_000);
const photoCount = Number(process.env.BENCH_PHOTOS ?? 10_000);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as Driver[];
const maxLoadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 90);
const rates: Record<Driver, number> = { pglite: 10, postgres: 50 };
/** The backup starts this long into the booking run. */
const backupAfter = 5;
// consultants with a hold on every slot: enough free slots for both runs' bookings
const staffCounts: Record<Driver, number> = { pglite: 20, postgres: 100 };
const warmUpSeconds = 3;
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const root = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'tintbook-backup-bench-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** `npm run backup -- --out <file>`, timed end to end; the archive's size, then it is removed. */
async function backup(env: NodeJS.ProcessEnv) {
  const out = join(work, `backup-${randomUUID().slice(0, 8)}.tintbook`);
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', 'backup', '--', '--out', out], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`backup failed (${String(code)}): ${output}`);
  const bytes = statSync(out).size;
  rmSync(out);
  console.log(output.trim());
  // the CLI's own figure, without npm's and tsx's start-up
  const own = Number(/ in ([\d.]+) s/.exec(output)?.[1] ?? NaN) * 1000;
  return { ms, own, bytes, startedAt: started };
}

async function measure(driver: Driver, uploads: string) {
  const dataDir = join(work, driver);
  const name = `tintbook_bench_backup_${randomUUID().replaceAll('-', '')}`;
  const url = driver === 'postgres' ? adminUrl.replace(/\/postgres$/, `/${name}`) : undefined;
  if (url) await admin(`create database ${name}`);
  mkdirSync(dataDir, { recursive: true });
  let server: ReturnType<typeof spawn> | undefined;
  try {
    // seeded with the app's own migrations, then closed: one process per PGlite directory
    const database = await openDatabase(
      url ? { driver: 'postgres', url } : { driver: 'pglite', dataDir },
    );
    await seedRows(database, leadCount, photoCount);
    const pairs = await prepareBookings(database, staffCounts[driver]);
    await database.close();
    renameSync(uploads, join(dataDir, 'uploads'));
    const databaseBytes = url
      ? Number(
          (await admin(`select pg_database_size('${name}') as n`)).rows[0]?.n as string | number,
        )
      : await pgliteDatabaseBytes(dataDir);
    const uploadsBytes = await bytesUnder(join(dataDir, 'uploads'));
    // PGlite's WAL, part of its database files and copied with them
    const walBytes = url ? 0 : await bytesUnder(join(dataDir, 'pg_wal'));

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PUBLIC_MAX: '1000000000',
      MESSAGE_WORKER: 'false',
      DATABASE_URL: url,
    };
    if (!url) delete env.DATABASE_URL;
    const log = join(work, `${driver}-server.log`);
    server = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: root,
      env,
      stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
    });
    const base = `http://127.0.0.1:${port}`;
    while (!(await fetch(`${base}/health`).catch(() => undefined))?.ok) await sleep(100);
    // the app's own record of each copy (PGlite): the time its requests were held
    const copies = () =>
      [...readFileSync(log, 'utf8').matchAll(/backup: copied (\d+) database files in (\d+) ms/g)]
        .map((m) => ({ files: Number(m[1]), ms: Number(m[2]) }))
        .at(-1);

    console.log(`${driver}: backup with the app idle…`);
    const idle = await backup(env);
    const idleCopy = copies();

    // as long as the backup took, and a little more, within the pairs there are to book
    const rate = rates[driver];
    const loadSeconds = Math.min(
      maxLoadSeconds,
      Math.ceil(idle.ms / 1000) + backupAfter + 5,
      Math.floor((pairs.length - rate * warmUpSeconds) / 2 / rate),
    );
    // each run books holds of its own
    const run = (seconds: number) =>
      pacedLoad(
        base,
        rate,
        {
          method: 'POST',
          path: () => '/api/bookings',
          body: bodies(pairs.splice(0, rate * seconds)),
        },
        seconds,
      );
    console.log(`${driver}: ${rate} bookings a second for ${loadSeconds} s, without a backup…`);
    await run(warmUpSeconds);
    const without = await run(loadSeconds);
    console.log(`${driver}: the same, a backup started after ${backupAfter} s…`);
    const loadStarted = performance.now();
    const [withBackup, loaded] = await Promise.all([
      run(loadSeconds),
      sleep(backupAfter * 1000).then(() => backup(env)),
    ]);
    const loadedCopy = copies();
    const backupEnd = (loaded.startedAt - loadStarted + loaded.ms) / 1000;
    return {
      driver,
      databaseBytes,
      uploadsBytes,
      walBytes,
      idle,
      idleCopy,
      rate,
      loadSeconds,
      without,
      withBackup,
      loaded,
      loadedCopy,
      covered: Math.min(1, (loadSeconds - backupAfter) / (backupEnd - backupAfter)),
    };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    // the files go back for the next driver
    if (existsSync(join(dataDir, 'uploads'))) renameSync(join(dataDir, 'uploads'), uploads);
    rmSync(dataDir, { recursive: true, force: true });
    if (url) await admin(`drop database if exists ${name} with (force)`);
  }
}

export type Result = Awaited<ReturnType<typeof measure>>;

if (spawnSync('node scripts/build-stamp.js check', { cwd: root, shell: true }).status !== 0) {
  const build = spawnSync('npm run build', { cwd: root, shell: true, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
const loadBefore = loadavg()[0] ?? 0;
try {
  // the files, made once and moved into each database's DATA_DIR in turn (the upload rows'
  // names are the same on every database: md5 of the row number)
  const uploads = join(work, 'uploads');
  console.log(`writing ${photoCount} photos…`);
  const photoBytes = await writePhotos(uploads, photoFiles(photoCount));
  const results: Result[] = [];
  for (const driver of drivers) results.push(await measure(driver, uploads));
  const body = report(results, {
    leads: leadCount,
    photos: photoCount,
    photoBytes,
    staffCounts,
    backupAfter,
    warmUpSeconds,
    maxLoadSeconds,
    loadBefore,
    loadAfter: loadavg()[0] ?? 0,
  });
  if (process.env.BENCH_DRY !== '1') await writeSection('backup', body);
  console.log(body);
} finally {
  rmSync(work, { recursive: true, force: true });
}
