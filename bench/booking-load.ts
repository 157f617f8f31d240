// Availability and booking creation under load beside a bare route, on PGlite and PostgreSQL; the
// method is in the section written to docs/benchmarks.md. `npx tsx bench/booking-load.ts`
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { consultants, leads, slotHolds } from '#server/db/schema/index.ts';
import { weekdayKeys, type WeeklyHours } from '#shared/booking/consultant.ts';
import { addDays, dateIn } from '#shared/booking/calendar.ts';
import { generateSlots } from '#shared/booking/slots.ts';
import { machine, writeSection } from './results';

type Driver = 'pglite' | 'postgres';
type Ports = { app: number; bare: number };
type Pair = { sessionId: string; reservationId: string };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as Driver[];
const connections = 50;
// BENCH_ONLY=bookings: the booking run alone (a short trial while tuning; the docs keep the full run)
const onlyBookings = process.env.BENCH_ONLY === 'bookings';
// enough consultants for every run's bookings (each needs a free slot of its own, about 350 a
// consultant over the horizon); more would make the calendar read beside them a bench artefact:
// every slot of the horizon is held before the run, as no real business's calendar is
const bookingStaff = Number(process.env.BENCH_BOOKING_STAFF ?? 20);
// The offered rate of the paced booking run, bookings a second (issue 27's targets: PostgreSQL
// 100 a second, PGlite 20, each p99 ≤ 100 ms); BENCH_BOOKING_RATE sets both
const bookingRates: Record<Driver, number> = {
  postgres: Number(process.env.BENCH_BOOKING_RATE ?? 100),
  pglite: Number(process.env.BENCH_BOOKING_RATE ?? 20),
};
// calendar reads a second made during the paced bookings (target: p99 ≤ 50 ms on PGlite)
const readRate = 20;
// BENCH_PG_URL: another PostgreSQL server (its `postgres` database; e.g. over the Unix socket,
// postgres://postgres@%2Fvar%2Frun%2Fpostgresql/postgres, which measured the same as loopback TCP)
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// ---- child: the app and the bare route, listening on 127.0.0.1 --------------------------------
async function serve(driver: Driver, url: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-load-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
    // the address route keeps its fixed per-address limit: the load speaks for many clients
    // through X-Forwarded-For, as phones behind a proxy would
    TRUST_PROXY: '127.0.0.1',
    ...(url && { DATABASE_URL: url }),
  });
  const database = await openDatabase(
    driver === 'postgres' && url
      ? { driver, url }
      : // BENCH_DIAG_PGLITE_MEMORY=1 (a diagnosis): PGlite in memory, no data directory
        {
          driver: 'pglite',
          dataDir: process.env.BENCH_DIAG_PGLITE_MEMORY === '1' ? 'memory' : dataDir,
        },
  );
  // BENCH_DIAG_NO_ROLLUPS=1 (a diagnosis, never for the docs): the dashboard's roll-up triggers
  // (ADR 027) off, to measure what their per-day counter rows cost booking creation
  // BENCH_DIAG_NO_NOTIFY=1: also the availability NOTIFY of bookings and holds (ADR 024) off
  const off = [
    ...(process.env.BENCH_DIAG_NO_ROLLUPS === '1'
      ? [
          ['bookings', 'bookings_dashboard_rollup'],
          ['leads', 'leads_dashboard_rollup_update'],
          ['leads', 'leads_dashboard_rollup_insert_delete'],
          ['sessions', 'sessions_dashboard_rollup'],
        ]
      : []),
    ...(process.env.BENCH_DIAG_NO_NOTIFY === '1'
      ? [
          ['bookings', 'bookings_availability_changed'],
          ['slot_holds', 'slot_holds_availability_changed'],
        ]
      : []),
  ];
  for (const [table, trigger] of off) {
    await database.executeSql(`alter table ${table} disable trigger ${trigger}`);
  }
  const app = await buildApp({ config, database });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  // the ceiling for a body of this size: the app's own calendar, sent by the bare server
  const calendar = (await app.inject({ method: 'GET', url: '/api/availability' })).body;
  bare.get('/bare-calendar', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(calendar),
  );
  const listen = { host: '127.0.0.1', port: 0 };
  await Promise.all([app.listen(listen), bare.listen(listen)]);
  const port = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;
  process.send?.({ ports: { app: port(app), bare: port(bare) } });
  const onMessage = async (message: string) => {
    if (message === 'prepare') process.send?.({ pairs: await prepareBookings(database) });
    if (message === 'leads') process.send?.({ sessions: await insertLeads(database, 400) });
    if (message === 'stop') {
      await Promise.all([app.close(), bare.close()]);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  };
  process.on('message', (message: string) => void onMessage(message));
}

const leadData = { details: { glassCount: 5, measurements: [] }, estimatedPrice: 23800 };

/** Sessions with a lead ready to book (the staleness writer books what it holds). */
async function insertLeads(database: Database, count: number): Promise<string[]> {
  const sessions = Array.from({ length: count }, () => randomUUID());
  await database.db
    .insert(leads)
    .values(sessions.map((sessionId) => ({ sessionId, stage: 'estimate', data: leadData })));
  return sessions;
}

/** A lead and an unexpired hold for every offered slot of the horizon, with `staffCount` staff. */
export async function prepareBookings(
  database: Database,
  staffCount = bookingStaff,
): Promise<Pair[]> {
  const { db } = database;
  const staff = Array.from({ length: staffCount }, (_, i) => ({ id: `bench-${i}` }));
  // consultants working every hour, so the booking rules alone shape their slots
  const allDay = [{ start: '00:00', end: '24:00' }];
  const weeklyHours = Object.fromEntries(weekdayKeys.map((day) => [day, allDay])) as WeeklyHours;
  await db.delete(consultants);
  await db.insert(consultants).values(staff.map((s) => ({ ...s, name: s.id, weeklyHours })));
  const { rules } = await readBookingSetup(db);
  const now = new Date();
  const today = dateIn(now, rules.timezone);
  const days = generateSlots({ rules, staff, now, from: today, to: addDays(today, 30) });
  const slots = days.flatMap((d) => d.slots);
  const expiresAt = new Date(now.getTime() + 3600_000);
  const pairs: Pair[] = [];
  for (let i = 0; i < slots.length; i += 500) {
    const batch = slots.slice(i, i + 500).map((slot) => ({ slot, sessionId: randomUUID() }));
    await db
      .insert(leads)
      .values(batch.map(({ sessionId }) => ({ sessionId, stage: 'estimate', data: leadData })));
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
  // the set-up's writes are flushed before the run, so the run pays for its own: PGlite runs a
  // checkpoint on the app's one thread, and the set-up's (about 2–4 s) landed in the run at random
  await database.executeSql('checkpoint');
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

type Run = { reqPerSec: number; mean: number; p99: number; ok: number; other: string };

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
  return {
    reqPerSec: r.requests.average,
    mean: r.latency.mean,
    p99: r.latency.p99,
    ok: r['2xx'],
    other: others(r),
  };
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

function startApp(driver: Driver, url: string | undefined) {
  // BENCH_PROF=<dir>: a CPU profile of the app process (node --cpu-prof), written when it stops
  const prof = process.env.BENCH_PROF;
  const child = fork(import.meta.filename, ['--serve', driver, url ?? ''], {
    execArgv: ['--import', 'tsx', ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])],
  });
  return { child, ports: ask<Ports>(child, 'ports') };
}

async function stopApp(child: ChildProcess) {
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

// Suburbs and streets as customers type them (3+ characters), each request the next one.
const addressQueries = ['richmond', 'st kilda', '12 smith st', 'ballarat', 'geelong w', 'box h'];
let clientNumber = 0;
/** A distinct client address per request, as phones behind a proxy (TRUST_PROXY loopback). */
const nextClient = () => {
  const n = clientNumber++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

type Staleness = { writes: number; reads: number; staleReads: number; worstMs: number };

/**
 * A writer holds free slots one after another through `writerBase` (and books each hold) while
 * 20 readers poll the 31-day calendar through `readerBase`. A read sent after a hold was answered
 * that still shows its slot free is stale; its staleness is the time from that answer to the
 * read's own. Polled as fast as the readers go, for `seconds` or until the free slots run out.
 */
async function measureStaleness(
  writerBase: string,
  readerBase: string,
  sessions: string[],
  calendarUrl: string,
): Promise<Staleness> {
  type Slot = { id: string; staffId: string; startTime: string; available: boolean };
  type Calendar = { days: { slots: Slot[] }[] };
  const read = async () => (await (await fetch(`${readerBase}${calendarUrl}`)).json()) as Calendar;
  const free = (await read()).days.flatMap((d) => d.slots.filter((slot) => slot.available));
  const heldAt = new Map<string, number>();
  const result: Staleness = { writes: 0, reads: 0, staleReads: 0, worstMs: 0 };
  const until = performance.now() + seconds * 1000;
  let writing = true;
  const post = (path: string, body: object) =>
    fetch(`${writerBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const writer = async () => {
    for (const [i, slot] of free.entries()) {
      const sessionId = sessions[i];
      if (!sessionId || performance.now() > until) break;
      const { staffId, startTime } = slot;
      const hold = await post('/api/holds', { sessionId, staffId, startTime });
      if (hold.status !== 201) throw new Error(`hold answered ${hold.status}`);
      heldAt.set(slot.id, performance.now());
      const { reservationId } = (await hold.json()) as { reservationId: string };
      const body = { sessionId, reservationId, serviceType: 'phone', idempotencyKey: randomUUID() };
      const booking = await post('/api/bookings', body);
      if (booking.status !== 201) throw new Error(`booking answered ${booking.status}`);
      await booking.arrayBuffer();
      result.writes += 1;
    }
    writing = false;
  };
  const reader = async () => {
    while (writing) {
      const sentAt = performance.now();
      const calendar = await read();
      const answeredAt = performance.now();
      result.reads += 1;
      for (const slot of calendar.days.flatMap((d) => d.slots)) {
        const held = heldAt.get(slot.id);
        if (!slot.available || held === undefined || held > sentAt) continue;
        result.staleReads += 1;
        result.worstMs = Math.max(result.worstMs, answeredAt - held);
      }
    }
  };
  await Promise.all([writer(), ...Array.from({ length: 20 }, reader)]);
  return result;
}

/**
 * Until the app has answered what the last run left in flight: autocannon stops at its deadline
 * with up to one request per connection unanswered, and the app still runs them (50 bookings
 * are most of a second on PGlite), which the next run would otherwise wait behind.
 */
async function settled(base: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const sentAt = performance.now();
    await (await fetch(`${base}/health`)).arrayBuffer();
    if (performance.now() - sentAt < 20) return;
  }
}

/** PostgreSQL (BENCH_PROF): what the app's backends are doing, sampled every 20 ms. */
function sampleWaits(database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  const tally = new Map<string, number>();
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ what: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') || ' ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as what
         from pg_stat_activity where datname = $1 and state = 'active'`,
        [database],
      );
      for (const { what } of rows) tally.set(what, (tally.get(what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return [...tally].sort((a, b) => b[1] - a[1]).slice(0, 15);
    },
  };
}

/**
 * Bookings sent at `rate` a second, evenly spaced, whether or not earlier ones were answered (an
 * open load: autocannon's own rate option sends each second's quota at once, at the top of the
 * second), over at most `connections` keep-alive sockets. A latency runs from the booking's due
 * time, so time spent waiting for a socket counts.
 */
type Paced = { method: 'GET' | 'POST'; path: () => string; body?: () => string };

export async function pacedLoad(
  base: string,
  rate: number,
  paced: Paced,
  duration = seconds,
): Promise<Run & { p50: number; max: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  const latencies: number[] = [];
  const codes = new Map<number | string, number>();
  const count = (code: number | string) => codes.set(code, (codes.get(code) ?? 0) + 1);
  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const body = paced.body?.();
      const request = http.request(
        { agent, hostname, port, method: paced.method, path: paced.path() },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - dueAt);
            count(response.statusCode ?? 0);
            resolve();
          });
        },
      );
      request.on('error', () => (count('errors'), resolve()));
      if (body) request.setHeader('content-type', 'application/json');
      request.end(body);
    });
  const started = performance.now();
  const total = rate * duration;
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const dueAt = started + (i * 1000) / rate;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(dueAt));
  }
  await Promise.all(sent);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ok = [...codes].filter(([code]) => String(code).startsWith('2'));
  return {
    reqPerSec: latencies.length / ((performance.now() - started) / 1000),
    mean: latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length,
    p50: Math.round(latencies[Math.ceil(latencies.length * 0.5) - 1] ?? 0),
    p99: Math.round(latencies[Math.ceil(latencies.length * 0.99) - 1] ?? 0),
    max: Math.round(latencies.at(-1) ?? 0),
    ok: ok.reduce((sum, [, n]) => sum + n, 0),
    other:
      [...codes]
        .filter(([code]) => !String(code).startsWith('2'))
        .map(([code, n]) => `${code}×${n}`)
        .join(', ') || 'none',
  };
}

/** How many bookings the one-connection run makes (each a hold of its own). */
const aloneBookings = 300;

/** Booking bodies for `pairs` in turn (round again when used up), each a fresh idempotency key. */
export function bodies(pairs: Pair[]) {
  let next = 0;
  return () => {
    const pair = pairs[next++ % pairs.length];
    return JSON.stringify({ ...pair, serviceType: 'phone', idempotencyKey: randomUUID() });
  };
}

/**
 * Every prepared pair booked in turn, each with a fresh idempotency key: first as fast as the 50
 * connections go (each sends its next booking when answered: the machine's capacity), then at a
 * fixed offered rate (pacedLoad, `bookingRates`) with the booking page's calendar read `readRate`
 * times a second beside them: the latency a customer sees when bookings arrive faster than any ad
 * spike brings them, and what a customer choosing a slot waits meanwhile.
 */
async function bookingLoad(
  child: ChildProcess,
  appBase: string,
  rate: number,
  calendarUrl: string,
  sampledDatabase?: string,
) {
  const pairs = await ask<Pair[]>(child, 'pairs', 'prepare');
  // the paced and the last run have holds of their own, so they book rather than meet holds the
  // capacity run spent (it takes what it can in its time)
  const aloneBodies = bodies(pairs.splice(-aloneBookings));
  const pacedBodies = bodies(pairs.splice(-rate * seconds));
  const nextBody = bodies(pairs);
  const sampling = sampledDatabase ? sampleWaits(sampledDatabase) : undefined;
  const booking = (body: () => string, extra: Partial<autocannon.Options> = {}) =>
    load({
      url: appBase,
      ...extra,
      requests: [
        {
          method: 'POST',
          path: '/api/bookings',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: body() }),
        },
      ],
    });
  const run = await booking(nextBody);
  await settled(appBase);
  // the set-up changed the booking staff: the calendar's one full read after it is the set-up's
  await (await fetch(`${appBase}${calendarUrl}`)).arrayBuffer();
  const waits = await sampling?.stop();
  if (waits) console.log(waits.map(([what, n]) => `${n}\t${what}`).join('\n'));
  const [atRate, readsAtRate] = await Promise.all([
    pacedLoad(appBase, rate, { method: 'POST', path: () => '/api/bookings', body: pacedBodies }),
    pacedLoad(appBase, readRate, {
      method: 'GET',
      path: () => `${calendarUrl}&sessionId=${randomUUID()}`,
    }),
  ]);
  // one connection: a booking's own time, nothing queued before it (on PGlite, whose one thread
  // runs every booking, 1000 / this mean in ms bounds the bookings a second: ADR 040)
  await settled(appBase);
  const alone = await booking(aloneBodies, { connections: 1, amount: aloneBookings });
  return { run, atRate, readsAtRate, alone, prepared: pairs.length };
}

async function measure(driver: Driver) {
  const name = `tintbook_load_${randomUUID().replaceAll('-', '')}`;
  const url = driver === 'postgres' ? adminUrl.replace(/\/postgres$/, `/${name}`) : undefined;
  if (url) await admin(`CREATE DATABASE ${name}`);
  const first = startApp(driver, url);
  // PostgreSQL: a second process on the same database, for the staleness across processes
  let second: ReturnType<typeof startApp> | undefined;
  try {
    const ports = await first.ports;
    const base = (port: number) => `http://127.0.0.1:${port}`;
    const bare = await load({ url: `${base(ports.bare)}/bare` });
    const today = dateIn(new Date(), 'Australia/Melbourne');
    const calendarUrl = `/api/availability?from=${today}&to=${addDays(today, 30)}`;
    const rate = bookingRates[driver];
    if (onlyBookings) {
      const sampled = url && process.env.BENCH_PROF ? name : undefined;
      const bookings = await bookingLoad(first.child, base(ports.app), rate, calendarUrl, sampled);
      console.log(driver, {
        bare,
        bookings: bookings.run,
        atRate: bookings.atRate,
        readsAtRate: bookings.readsAtRate,
        alone: bookings.alone,
      });
      return null;
    }
    const bareCalendar = await load({ url: `${base(ports.bare)}/bare-calendar` });
    // every request a browser of its own, as the booking page asks (none holds a slot)
    const calendarLoad = (headers: Record<string, string>) =>
      load({
        url: base(ports.app),
        requests: [
          {
            method: 'GET',
            headers,
            setupRequest: (req) => ({ ...req, path: `${calendarUrl}&sessionId=${randomUUID()}` }),
          },
        ],
      });
    const availability = await calendarLoad({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    const availabilityPlain = await calendarLoad({});
    let query = 0;
    const address = await load({
      url: base(ports.app),
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({
            ...req,
            path: `/api/address/suggest?q=${encodeURIComponent(addressQueries[query++ % addressQueries.length] ?? '')}`,
            headers: { 'x-forwarded-for': nextClient() },
          }),
        },
      ],
    });
    const sessions = await ask<string[]>(first.child, 'sessions', 'leads');
    const sameProcess = await measureStaleness(
      base(ports.app),
      base(ports.app),
      sessions.slice(0, 200),
      calendarUrl,
    );
    let otherProcess: Staleness | undefined;
    if (url) {
      second = startApp(driver, url);
      const readerPorts = await second.ports;
      otherProcess = await measureStaleness(
        base(ports.app),
        base(readerPorts.app),
        sessions.slice(200),
        calendarUrl,
      );
    }
    const bookings = await bookingLoad(first.child, base(ports.app), rate, calendarUrl);
    return {
      driver,
      bare,
      bareCalendar,
      availability,
      availabilityPlain,
      address,
      bookings: bookings.run,
      bookingsAtRate: bookings.atRate,
      readsAtRate: bookings.readsAtRate,
      rate,
      bookingsAlone: bookings.alone,
      prepared: bookings.prepared,
      sameProcess,
      otherProcess,
    };
  } finally {
    await Promise.all([stopApp(first.child), second && stopApp(second.child)]);
    if (url) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

function report(results: NonNullable<Awaited<ReturnType<typeof measure>>>[], load: string) {
  const row = (driver: string, what: string, r: Run, bare: Run) =>
    `| ${driver} | ${what} | ${Math.round(r.reqPerSec)} | ${((r.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} % | ${r.mean.toFixed(1)} ms | ${r.p99} ms | ${r.ok} | ${r.other} |`;
  const rows = results.flatMap((r) => [
    row(r.driver, 'bare Fastify route', r.bare, r.bare),
    row(r.driver, 'GET /api/availability (31 days, brotli)', r.availability, r.bare),
    row(r.driver, 'GET /api/availability (31 days, uncompressed)', r.availabilityPlain, r.bare),
    row(r.driver, 'bare route sending the same calendar uncompressed', r.bareCalendar, r.bare),
    row(r.driver, 'GET /api/address/suggest (gazetteer)', r.address, r.bare),
    row(
      r.driver,
      'POST /api/bookings (50 connections, each as fast as answered)',
      r.bookings,
      r.bare,
    ),
    row(r.driver, `POST /api/bookings (${r.rate} a second offered)`, r.bookingsAtRate, r.bare),
    row(
      r.driver,
      `GET /api/availability (${readRate} a second, during those bookings)`,
      r.readsAtRate,
      r.bare,
    ),
    row(r.driver, 'POST /api/bookings (1 connection)', r.bookingsAlone, r.bare),
  ]);
  const staleRow = (driver: string, where: string, s: Staleness) =>
    `| ${driver} | ${where} | ${s.writes} | ${s.reads} | ${s.staleReads} | ${s.worstMs.toFixed(1)} ms |`;
  const staleRows = results.flatMap(({ driver, sameProcess, otherProcess }) => [
    staleRow(driver, 'writer and readers on one process', sameProcess),
    ...(otherProcess
      ? [staleRow(driver, 'writer on one process, readers on another', otherProcess)]
      : []),
  ]);
  const prepared = results.map((r) => `${r.driver} ${r.prepared}`).join(', ');
  const within = (p99: number, bound: number) => `${p99 <= bound ? 'within' : 'over'} (${p99} ms)`;
  const bookingVerdict = results
    .map(
      (r) =>
        `${r.driver}: ${r.rate} bookings a second ${within(r.bookingsAtRate.p99, 100)}` +
        (r.driver === 'pglite'
          ? `, the calendar read meanwhile ${within(r.readsAtRate.p99, 50)} of 50 ms`
          : ''),
    )
    .join('; ');
  return `## Booking load: availability, address suggestions and booking creation

${machine()}. \`npx tsx bench/booking-load.ts\`: autocannon, ${connections} connections, ${seconds} s per
route, against the app (production config, logging off, rate limit lifted) and a bare Fastify
route served by the same child process; the load generator is the parent process on the same
machine (${cpus().length} cores; 1-minute load average before the run ${load}: other work was running).
PGlite in a temporary data directory; PostgreSQL a throwaway database on
127.0.0.1:5432 (pool of 10), dropped after.

- **Availability**: the whole horizon (today … today + 30 days) with the seeded single
  consultant, each request with a session id of its own as the booking page sends; answered from
  the cached calendar (ADR 024; ADR 051: each changed row applied as notified, and on
  PostgreSQL each read first waits for its marker on the listening connection). Asked as browsers ask (\`Accept-Encoding: gzip, deflate, br,
  zstd\`: the brotli answer, about 1.7 KB), and without Accept-Encoding (the JSON, about 58 KB,
  where the load generator's own parsing on the same two cores weighs most: the bare server
  sending that same body is the ceiling).
- **Address suggestions**: the offline gazetteer, six queries in turn, each request from another
  client address (X-Forwarded-For through the trusted loopback proxy), so the route's limit of
  120 a minute per address is not what is measured.
- **Booking creation**: each request needs its own free slot, so before the run the booking
  staff is set to ${bookingStaff} members and every offered slot of the horizon gets a lead and an
  unexpired hold, inserted directly (prepared pairs: ${prepared}), then a CHECKPOINT, so the run
  pays for its own writes and not the set-up's. Each request books the next
  pair with a fresh idempotency key (no conflicts: every hold is its session's own): one read of
  lead, hold, key and settings, then one transaction of a few statements (staff lock, hold spent,
  lead booked, booking, session, activity, promo use, message rows and jobs: ADR 050). Non-2xx
  would mean the pairs ran out. Between runs the bench waits until the app has answered what the
  last one left in flight, and reads the calendar once after the set-up's staff change. First ${connections} connections, each sending its next booking
  when answered: the machine's capacity. Then the target of issue 27: bookings offered at an
  even rate (PostgreSQL ${bookingRates.postgres} a second, PGlite ${bookingRates.pglite}), sent whether or not
  the earlier ones were answered, over at most ${connections} connections (a latency counts from
  the booking's due time; autocannon's own rate option sends each second's quota at once), p99 ≤
  100 ms; beside them the booking page's calendar read ${readRate} times a second, each a new
  browser (target on PGlite: p99 ≤ 50 ms). Last, one connection alone (${aloneBookings} bookings of
  holds kept for it): a booking's own time with nothing queued before it.

| database | route | req/s | of bare | mean | p99 | 2xx | other |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

Booking creation against the targets of issue 27: ${bookingVerdict}. The earlier target (p99 ≤ 100
ms at ${connections} connections, ADRs 028, 037, 038, 040) was replaced; what the simpler booking path
kept and removed: ADR 050.

**Staleness** (before the booking run, ${seconds} s at most): a writer holds the calendar's free
slots one after another and books each hold, while 20 readers poll the 31-day calendar. A read
sent after a hold was answered that still shows its slot free is stale, by the time from that
answer to the read's. On PostgreSQL also with the readers on a second app process on the same
database (the cache there following NOTIFY, each read waiting for its marker: ADR 051).

| database | processes | writes | reads | stale reads | worst staleness |
| --- | --- | ---: | ---: | ---: | ---: |
${staleRows.join('\n')}`;
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] as Driver, process.argv[4] || undefined);
} else if (process.argv[1] === import.meta.filename) {
  // run, not imported (bench/backup.ts imports the paced load and the prepared bookings)
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const results = [];
  for (const driver of drivers) {
    const result = await measure(driver);
    if (result) results.push(result);
  }
  if (onlyBookings) process.exit(0);
  const body = report(results, load);
  // BENCH_DRY=1: print only (a trial run leaves docs/benchmarks.md alone)
  if (process.env.BENCH_DRY !== '1') await writeSection('booking-load', body);
  console.log(body);
}
