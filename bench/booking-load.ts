// Availability and booking creation under load beside a bare route, on PGlite and PostgreSQL; the
// method is in the section written to docs/benchmarks.md. `npx tsx bench/booking-load.ts`
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { leads, settings, slotHolds } from '#server/db/schema/index.ts';
import { addDays, dateIn } from '#shared/booking/calendar.ts';
import { generateSlots } from '#shared/booking/slots.ts';
import { machine, writeSection } from './results';

type Driver = 'pglite' | 'postgres';
type Ports = { app: number; bare: number };
type Pair = { sessionId: string; reservationId: string };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as Driver[];
const connections = 50;
const bookingStaff = 64;
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

// ---- child: the app and the bare route, listening on 127.0.0.1 --------------------------------
async function serve(driver: Driver, url: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-load-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
    ...(url && { DATABASE_URL: url }),
  });
  const database = await openDatabase(
    driver === 'postgres' && url ? { driver, url } : { driver: 'pglite', dataDir },
  );
  const app = await buildApp({ config, database });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const listen = { host: '127.0.0.1', port: 0 };
  await Promise.all([app.listen(listen), bare.listen(listen)]);
  const port = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;
  process.send?.({ ports: { app: port(app), bare: port(bare) } });
  const onMessage = async (message: string) => {
    if (message === 'prepare') process.send?.({ pairs: await prepareBookings(database) });
    if (message === 'stop') {
      await Promise.all([app.close(), bare.close()]);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  };
  process.on('message', (message: string) => void onMessage(message));
}

/** A lead and an unexpired hold for every offered slot of the horizon, with 64 staff. */
async function prepareBookings(database: Database): Promise<Pair[]> {
  const { db } = database;
  const staff = Array.from({ length: bookingStaff }, (_, i) => ({ id: `bench-${i}` }));
  await db.update(settings).set({ value: staff }).where(eq(settings.key, 'booking_staff'));
  const { rules } = await readBookingSetup(db);
  const now = new Date();
  const today = dateIn(now, rules.timezone);
  const days = generateSlots({ rules, staff, now, from: today, to: addDays(today, 30) });
  const slots = days.flatMap((d) => d.slots);
  const expiresAt = new Date(now.getTime() + 3600_000);
  const pairs: Pair[] = [];
  for (let i = 0; i < slots.length; i += 500) {
    const batch = slots.slice(i, i + 500).map((slot) => ({ slot, sessionId: randomUUID() }));
    await db.insert(leads).values(
      batch.map(({ sessionId }) => ({
        sessionId,
        stage: 'estimate',
        data: { details: { glassCount: 5, measurements: [] }, estimatedPrice: 23800 },
      })),
    );
    const holds = await db
      .insert(slotHolds)
      .values(
        batch.map(({ slot, sessionId }) => ({
          staffId: slot.staffId,
          startTime: new Date(slot.startTime),
          endTime: new Date(slot.endTime),
          sessionId,
          expiresAt,
        })),
      )
      .returning({ id: slotHolds.id, sessionId: slotHolds.sessionId });
    for (const h of holds) pairs.push({ sessionId: h.sessionId ?? '', reservationId: h.id });
  }
  return pairs;
}

// ---- parent: the load -------------------------------------------------------------------------
function ask<T>(child: ChildProcess, key: string, message?: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: Record<string, T>) => {
      if (!(key in m)) return;
      child.off('message', onMessage);
      resolve(m[key] as T);
    };
    child.on('message', onMessage);
    if (message) child.send(message);
  });
}

type Run = { reqPerSec: number; p99: number; ok: number; other: string };

/** Non-2xx answers by status, errors and timeouts: "409×3, timeouts×2" or "none". */
function others(r: autocannon.Result): string {
  const stats = (r as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats;
  const codes = Object.entries(stats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count}`);
  if (r.errors - r.timeouts > 0) codes.push(`errors×${r.errors - r.timeouts}`);
  if (r.timeouts > 0) codes.push(`timeouts×${r.timeouts}`);
  return codes.join(', ') || 'none';
}

async function load(options: autocannon.Options): Promise<Run> {
  // a 30 s timeout: a slow answer is counted in p99 instead of being dropped and re-sent
  const r = await autocannon({ connections, duration: seconds, timeout: 30, ...options });
  return { reqPerSec: r.requests.average, p99: r.latency.p99, ok: r['2xx'], other: others(r) };
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

async function measure(driver: Driver) {
  const name = `tintbook_load_${randomUUID().replaceAll('-', '')}`;
  const url = driver === 'postgres' ? adminUrl.replace(/\/postgres$/, `/${name}`) : undefined;
  if (url) await admin(`CREATE DATABASE ${name}`);
  const child = fork(import.meta.filename, ['--serve', driver, url ?? ''], {
    execArgv: ['--import', 'tsx'],
  });
  try {
    const ports = await ask<Ports>(child, 'ports');
    const base = (port: number) => `http://127.0.0.1:${port}`;
    const bare = await load({ url: `${base(ports.bare)}/bare` });
    const today = dateIn(new Date(), 'Australia/Melbourne');
    const availability = await load({
      url: `${base(ports.app)}/api/availability?from=${today}&to=${addDays(today, 30)}`,
    });
    const pairs = await ask<Pair[]>(child, 'pairs', 'prepare');
    let next = 0;
    const bookings = await load({
      url: base(ports.app),
      requests: [
        {
          method: 'POST',
          path: '/api/bookings',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            const pair = pairs[next++ % pairs.length];
            const body = { ...pair, serviceType: 'phone', idempotencyKey: randomUUID() };
            return { ...req, body: JSON.stringify(body) };
          },
        },
      ],
    });
    return { driver, bare, availability, bookings, prepared: pairs.length };
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    if (url) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

function report(results: Awaited<ReturnType<typeof measure>>[], load: string) {
  const row = (driver: string, what: string, r: Run, bare: Run) =>
    `| ${driver} | ${what} | ${Math.round(r.reqPerSec)} | ${((r.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} % | ${r.p99} ms | ${r.ok} | ${r.other} |`;
  const rows = results.flatMap(({ driver, bare, availability, bookings }) => [
    row(driver, 'bare Fastify route', bare, bare),
    row(driver, 'GET /api/availability (31 days)', availability, bare),
    row(driver, 'POST /api/bookings', bookings, bare),
  ]);
  const prepared = results.map((r) => `${r.driver} ${r.prepared}`).join(', ');
  return `## Booking load: availability and booking creation

${machine()}. \`npx tsx bench/booking-load.ts\`: autocannon, ${connections} connections, ${seconds} s per
route, against the app (production config, logging off, rate limit lifted) and a bare Fastify
route served by the same child process; the load generator is the parent process on the same
machine (${cpus().length} cores; 1-minute load average before the run ${load}: other work was running).
PGlite in a temporary data directory; PostgreSQL a throwaway database on
127.0.0.1:5432 (pool of 10), dropped after.

- **Availability**: the whole horizon (today … today + 30 days) with the seeded single
  consultant: settings, live bookings and holds read, generateSlots over 31 days.
- **Booking creation**: each request needs its own free slot, so before the run the booking
  staff is set to ${bookingStaff} members and every offered slot of the horizon gets a lead and an
  unexpired hold, inserted directly (prepared pairs: ${prepared}). Each request books the next
  pair with a fresh idempotency key: hold check and delete, booking insert, lead and session
  updates and an activity row, in one transaction. Non-2xx would mean the pairs ran out.

| database | route | req/s | of bare | p99 | 2xx | other |
| --- | --- | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}`;
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] as Driver, process.argv[4] || undefined);
} else {
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const results = [];
  for (const driver of drivers) results.push(await measure(driver));
  const body = report(results, load);
  await writeSection('booking-load', body);
  console.log(body);
}
