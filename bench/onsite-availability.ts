// Onsite availability (issue 28): the booking page's calendar for a session's address, with 10
// consultants each driving to three visits a day, beside a bare route and phone availability, on
// PGlite and PostgreSQL; the method is in the section written to docs/benchmarks.md.
// `npx tsx bench/onsite-availability.ts` (BENCH_SECONDS, BENCH_DRIVERS, BENCH_PG_URL, BENCH_DRY
// as in bench/booking-load.ts)
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import {
  bookings,
  consultantCalendars,
  consultants,
  customers,
  leads,
  sessions as sessionRows,
} from '#server/db/schema/index.ts';
import { readGazetteerFile, type Locality } from '#server/integrations/maps/gazetteer-data.ts';
import { minutesOfDay } from '#shared/booking/booking-rules.ts';
import type { WeeklyHours } from '#shared/booking/consultant.ts';
import { addDays, dateIn, wallClock } from '#shared/booking/calendar.ts';
import { machine, writeSection } from './results';

type Driver = 'pglite' | 'postgres';
type Ports = { app: number; bare: number };
type Ready = { ports: Ports; sessions: string[]; places: number };
const range = (today: string) => `from=${today}&to=${addDays(today, 30)}`;
const onsitePath = (session: string, today: string) =>
  `/api/availability?serviceType=onsite&sessionId=${session}&${range(today)}`;
const phonePath = (session: string, today: string) =>
  `/api/availability?serviceType=phone&sessionId=${session}&${range(today)}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as Driver[];
const connections = 50;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const staffCount = 10;
const visitsPerDay = 3;
// enough sessions that none is asked twice within a second (an answer is kept at most a second
// for the days the lead times reach), so each request works its answer out
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 2000);
// the realistic case: this many browsers asking again and again
const returning = 50;
// issue 29: then each consultant's own calendar, synced, with this many busy times
const busyPerConsultant = 200;
const brotli = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const leadData = { details: { glassCount: 5, measurements: [] }, estimatedPrice: 23800 };
// where the consultants start their day: spread around Melbourne
const baseSuburbs = [
  'Footscray',
  'Box Hill',
  'Dandenong',
  'Frankston',
  'Sunbury',
  'Epping',
  'Werribee',
  'Ringwood',
  'Brighton',
  'Preston',
];

/** A repeatable pseudo-random sequence (mulberry32), so every run books the same places. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- child: set-up, then the app and the bare route on 127.0.0.1 -----------------------------
async function prepare(database: Database): Promise<{ sessions: string[]; places: number }> {
  const { db } = database;
  const { rules } = await readBookingSetup(db);
  // metropolitan Melbourne's localities, as the gazetteer places them (its postcode centres)
  const metro = (await readGazetteerFile()).filter(
    (l) => l.state === 'VIC' && Number(l.postcode) >= 3000 && Number(l.postcode) <= 3207,
  );
  const next = random(28);
  const pick = () => metro[Math.floor(next() * metro.length)] as Locality;
  const customer = (l: Locality, n: number, sessionId?: string) => ({
    firstName: 'Bench',
    lastName: `Customer ${n}`,
    email: `bench-${n}@example.com`,
    phone: '0412345678',
    address: `${1 + (n % 200)} Main Street, ${l.name} VIC ${l.postcode}`,
    suburb: l.name,
    postcode: l.postcode,
    state: 'VIC',
    addressLat: l.lat,
    addressLng: l.lng,
    createdBySessionId: sessionId,
  });

  const ends = minutesOfDay(rules.firstSlot) + rules.slotsPerDay * rules.slotMinutes;
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const grid = [{ start: rules.firstSlot, end: ends >= 24 * 60 ? '24:00' : hhmm(ends) }];
  const weeklyHours: WeeklyHours = {
    sun: [],
    mon: grid,
    tue: grid,
    wed: grid,
    thu: grid,
    fri: grid,
    sat: [],
  };
  const staff = baseSuburbs.map((suburb, i) => {
    const base = metro.find((l) => l.name === suburb) ?? pick();
    return {
      id: `onsite-${i}`,
      name: `Consultant ${i}`,
      services: ['phone', 'onsite'],
      weeklyHours,
      baseAddress: `${base.name} VIC ${base.postcode}`,
      baseLat: base.lat,
      baseLng: base.lng,
    };
  });
  await db.delete(consultants);
  await db.insert(consultants).values(staff);

  // three visits a day each, 30 minutes, hours apart (no overlap per consultant), staggered
  const today = dateIn(new Date(), rules.timezone);
  const visits: { staffId: string; start: number; place: Locality }[] = [];
  for (let d = 0; d <= 30; d += 1) {
    const date = addDays(today, d);
    for (const [i, s] of staff.entries()) {
      for (const startsAt of [540, 690, 840]) {
        const minutes = startsAt + (i % 3) * rules.slotMinutes;
        visits.push({
          staffId: s.id,
          start: wallClock(date, minutes, rules.timezone),
          place: pick(),
        });
      }
    }
  }
  for (let i = 0; i < visits.length; i += 500) {
    const batch = visits.slice(i, i + 500);
    const people = await db
      .insert(customers)
      .values(batch.map((v, n) => customer(v.place, i + n)))
      .returning({ id: customers.id });
    const made = await db
      .insert(leads)
      .values(people.map((p) => ({ customerId: p.id, stage: 'booked', data: leadData })))
      .returning({ id: leads.id, customerId: leads.customerId });
    await db.insert(bookings).values(
      batch.map((v, n) => ({
        customerId: made[n]?.customerId,
        leadId: made[n]?.id,
        staffId: v.staffId,
        serviceType: 'onsite',
        startTime: new Date(v.start),
        endTime: new Date(v.start + rules.slotMinutes * 60_000),
        status: 'confirmed',
        visitLat: v.place.lat,
        visitLng: v.place.lng,
      })),
    );
  }

  // the browsers: a session, its customer at a varied place and its lead (5 panes) each
  const ids = Array.from({ length: sessionCount }, () => randomUUID());
  const places = new Set<string>();
  const placed = (l: Locality) => (places.add(`${l.lat},${l.lng}`), l);
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const people = await db
      .insert(customers)
      .values(batch.map((id, n) => customer(placed(pick()), visits.length + i + n, id)))
      .returning({ id: customers.id, sessionId: customers.createdBySessionId });
    const lastActivity = new Date();
    await db.insert(sessionRows).values(
      people.map((p) => ({
        id: p.sessionId ?? '',
        customerId: p.id,
        currentStep: 'booking',
        lastActivity,
      })),
    );
    await db.insert(leads).values(
      people.map((p) => ({
        sessionId: p.sessionId,
        customerId: p.id,
        stage: 'estimate',
        data: leadData,
      })),
    );
  }
  // the set-up's writes flushed before the run, so the run pays only for its own (booking-load.ts)
  await database.executeSql('checkpoint');
  return { sessions: ids, places: places.size };
}

/**
 * Each consultant's synced calendar (issue 29): `busyPerConsultant` busy times of 45 minutes over
 * the horizon, at varied hours (some outside working hours), as a sync leaves them.
 */
async function addBusyTimes(database: Database) {
  const { db } = database;
  const { rules } = await readBookingSetup(db);
  const today = dateIn(new Date(), rules.timezone);
  const next = random(29);
  const staff = await db.select({ id: consultants.id }).from(consultants);
  const rows = staff.map(({ id }) => {
    // one day after another, a busy time at a random quarter hour from 07:00 to 19:00
    const busy = Array.from({ length: busyPerConsultant }, (_, n) => {
      const date = addDays(today, Math.floor((n * 31) / busyPerConsultant));
      const start = wallClock(date, 7 * 60 + Math.floor(next() * 48) * 15, rules.timezone);
      return { start, end: start + 45 * 60_000 };
    })
      .sort((a, b) => a.start - b.start)
      // merged where they overlap, as the sync does
      .reduce<{ start: number; end: number }[]>((merged, b) => {
        const last = merged.at(-1);
        if (last && b.start <= last.end) last.end = Math.max(last.end, b.end);
        else merged.push({ ...b });
        return merged;
      }, []);
    return {
      consultantId: id,
      kind: 'ics',
      url: 'https://calendar.example.com/private.ics',
      busy: busy.map((b) => ({
        start: new Date(b.start).toISOString(),
        end: new Date(b.end).toISOString(),
      })),
      lastSyncedAt: new Date(),
    };
  });
  // connected first (no busy times yet), then the sync's update: what tells the app
  await db.insert(consultantCalendars).values(rows.map((row) => ({ ...row, busy: [] })));
  for (const row of rows) {
    await db
      .update(consultantCalendars)
      .set({ busy: row.busy })
      .where(eq(consultantCalendars.consultantId, row.consultantId));
  }
  await database.executeSql('checkpoint');
  return rows.reduce((sum, row) => sum + row.busy.length, 0);
}

/** The brotli answer the app gives `path`, for the bare route to send as it is. */
async function brotliAnswer(app: FastifyInstance, path: string) {
  const response = await app.inject({ method: 'GET', url: path, headers: brotli });
  return response.rawPayload;
}

async function serve(driver: Driver, url: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-onsite-'));
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
  const { sessions, places } = await prepare(database);
  const app = await buildApp({ config, database });
  // the fair ceiling for a calendar: a bare route sending the same compressed bytes
  const today = dateIn(new Date(), 'Australia/Melbourne');
  const phoneAnswer = await brotliAnswer(app, phonePath(sessions[0] ?? '', today));
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  bare.get('/bare-calendar', (_request, reply) =>
    reply.header('content-encoding', 'br').type('application/json').send(phoneAnswer),
  );
  const listen = { host: '127.0.0.1', port: 0 };
  await Promise.all([app.listen(listen), bare.listen(listen)]);
  const port = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;
  process.send?.({ ready: { ports: { app: port(app), bare: port(bare) }, sessions, places } });
  process.on('message', (message: string) => {
    if (message === 'busy') {
      void addBusyTimes(database).then((busy) => process.send?.({ busy }));
      return;
    }
    if (message !== 'stop') return;
    void Promise.all([app.close(), bare.close()])
      .then(() => database.close())
      .then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

// ---- parent: the load -------------------------------------------------------------------------
type Run = { reqPerSec: number; mean: number; p99: number; ok: number; other: string };

/** Non-2xx answers by status, errors and timeouts: "500×3, timeouts×2" or "none". */
function others(r: autocannon.Result): string {
  const codes = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count ?? 0}`);
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

/** GETs of `path(session)`, each request the next of `sessions` in turn, as browsers ask. */
function calendarLoad(
  base: string,
  sessions: string[],
  path: (session: string) => string,
  /** Each session once (its first look at the calendar), instead of for the whole measure. */
  once = false,
) {
  let next = 0;
  return load({
    url: base,
    ...(once && { amount: sessions.length }),
    requests: [
      {
        method: 'GET',
        headers: brotli,
        setupRequest: (req) => ({ ...req, path: path(sessions[next++ % sessions.length] ?? '') }),
      },
    ],
  });
}

/** One answer as a browser gets it: its status, brotli bytes and slots offered. */
function sample(base: string, path: string) {
  const started = performance.now();
  return new Promise<{ status: number; bytes: number; ms: number }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: brotli }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }),
        );
      })
      .on('error', reject);
  });
}

async function offered(base: string, path: string) {
  const body = (await (await fetch(`${base}${path}`)).json()) as {
    days: { slots: { available: boolean }[] }[];
  };
  return body.days.flatMap((d) => d.slots).filter((s) => s.available).length;
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

async function measure(driver: Driver) {
  const name = `tintbook_onsite_${randomUUID().replaceAll('-', '')}`;
  const url = driver === 'postgres' ? adminUrl.replace(/\/postgres$/, `/${name}`) : undefined;
  if (url) await admin(`CREATE DATABASE ${name}`);
  const child: ChildProcess = fork(import.meta.filename, ['--serve', driver, url ?? ''], {
    execArgv: ['--import', 'tsx'],
  });
  try {
    const { ports, sessions, places } = await new Promise<Ready>((resolve, reject) => {
      child.once('exit', () => reject(new Error('the app process ended before it was ready')));
      child.on('message', (m: { ready?: Ready }) => {
        if (m.ready) resolve(m.ready);
      });
    });
    const app = `http://127.0.0.1:${ports.app}`;
    const today = dateIn(new Date(), 'Australia/Melbourne');
    const onsite = (session: string) => onsitePath(session, today);
    const phone = (session: string) => phonePath(session, today);
    // the calendar's one full read is the set-up's, not the run's
    const first = sessions[0] ?? '';
    const checks = {
      places,
      onsiteSlots: await offered(app, onsite(first)),
      phoneSlots: await offered(app, phone(first)),
      otherPlaceSlots: await offered(app, onsite(sessions[1] ?? '')),
      // a place not asked before: its month worked out from the calendar
      onsiteAnswer: await sample(app, onsite(sessions[2] ?? '')),
      phoneAnswer: await sample(app, phone(sessions[2] ?? '')),
    };
    console.log(driver, checks);
    const bare = await load({ url: `http://127.0.0.1:${ports.bare}/bare` });
    const bareCalendar = await load({
      url: `http://127.0.0.1:${ports.bare}/bare-calendar`,
      headers: brotli,
    });
    const firstLook = await calendarLoad(app, sessions, onsite, true);
    const distinct = await calendarLoad(app, sessions, onsite);
    const again = await calendarLoad(app, sessions.slice(0, returning), onsite);
    const phoneRun = await calendarLoad(app, sessions, phone);
    // issue 29: the same with each consultant's synced calendar
    const busyTimes = await new Promise<number>((resolve) => {
      child.on('message', (m: { busy?: number }) => m.busy !== undefined && resolve(m.busy));
      child.send('busy');
    });
    const busyChecks = {
      busyTimes,
      onsiteSlots: await offered(app, onsite(first)),
      phoneSlots: await offered(app, phone(first)),
    };
    console.log(driver, busyChecks);
    const busyFirst = await calendarLoad(app, sessions, onsite, true);
    const busyDistinct = await calendarLoad(app, sessions, onsite);
    const busyPhone = await calendarLoad(app, sessions, phone);
    return {
      driver,
      bare,
      bareCalendar,
      first: firstLook,
      distinct,
      again,
      phone: phoneRun,
      busyFirst,
      busyDistinct,
      busyPhone,
      checks,
      busyChecks,
    };
  } finally {
    if (child.exitCode === null) {
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (url) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

type Result = Awaited<ReturnType<typeof measure>>;

function report(results: Result[], load: string) {
  const share = (r: Run, bare: Run) => (r.reqPerSec / bare.reqPerSec) * 100;
  const row = (driver: string, what: string, r: Run, bare: Run) =>
    `| ${driver} | ${what} | ${Math.round(r.reqPerSec)} | ${share(r, bare).toFixed(1)} % | ${r.mean.toFixed(1)} ms | ${r.p99} ms | ${r.ok} | ${r.other} |`;
  const rows = results.flatMap((r) => [
    row(r.driver, 'bare Fastify route', r.bare, r.bare),
    row(r.driver, 'bare Fastify route sending the phone answer', r.bareCalendar, r.bare),
    row(r.driver, `onsite, ${sessionCount} sessions' first look, once each`, r.first, r.bare),
    row(r.driver, `onsite, each request the next of ${sessionCount} sessions`, r.distinct, r.bare),
    row(r.driver, `onsite, ${returning} sessions asking again`, r.again, r.bare),
    row(r.driver, `phone, each request the next of ${sessionCount} sessions`, r.phone, r.bare),
    row(r.driver, `with synced calendars: onsite, first look`, r.busyFirst, r.bare),
    row(r.driver, `with synced calendars: onsite, each the next session`, r.busyDistinct, r.bare),
    row(r.driver, `with synced calendars: phone`, r.busyPhone, r.bare),
  ]);
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  const onsiteVerdict = (r: Result, run: Run, what: string) =>
    `${r.driver}, ${what}: p99 ${run.p99} ms ${met(run.p99 <= 50)}, ${share(run, r.bare).toFixed(1)} % of bare ${met(share(run, r.bare) >= 25)}`;
  const verdicts = results.flatMap((r) => [
    onsiteVerdict(r, r.first, "each session's first look"),
    onsiteVerdict(r, r.distinct, 'each request another session'),
    onsiteVerdict(r, r.again, `${returning} sessions asking again`),
    `${r.driver}, phone: ${share(r.phone, r.bare).toFixed(1)} % of bare ${met(share(r.phone, r.bare) >= 40)} (${share(r.phone, r.bareCalendar).toFixed(1)} % of the bare route sending the same bytes)`,
    onsiteVerdict(r, r.busyFirst, "with synced calendars, each session's first look"),
    onsiteVerdict(r, r.busyDistinct, 'with synced calendars'),
    `${r.driver}, phone with synced calendars: ${share(r.busyPhone, r.bare).toFixed(1)} % of bare ${met(share(r.busyPhone, r.bare) >= 40)} (${share(r.busyPhone, r.bareCalendar).toFixed(1)} % of the bare route sending the same bytes)`,
  ]);
  const checks = results
    .map(
      ({ driver, checks: c }) =>
        `${driver}: the sessions' addresses at ${c.places} distinct places; one session ${c.onsiteSlots} onsite times and ${c.phoneSlots} phone times, another place ${c.otherPlaceSlots} onsite times; an onsite answer for a place not asked before ${c.onsiteAnswer.bytes} bytes brotli in ${c.onsiteAnswer.ms.toFixed(0)} ms (one request alone), a phone one ${c.phoneAnswer.bytes}`,
    )
    .join('; ');
  const busyChecks = results
    .map(
      ({ driver, busyChecks: c }) =>
        `${driver}: ${c.busyTimes} busy times in all after merging; one session then ${c.onsiteSlots} onsite times and ${c.phoneSlots} phone times`,
    )
    .join('; ');
  return `## Onsite availability: 10 consultants with three visits a day

${machine()}. \`npx tsx bench/onsite-availability.ts\`: autocannon, ${connections} connections, ${seconds} s per
measure, against the app (production config, logging off, rate limit lifted) and a bare Fastify
route served by the same child process; the load generator is the parent process on the same
machine (${cpus().length} cores; 1-minute load average before the run ${load}: other work was running).
PGlite in a temporary data directory; PostgreSQL a throwaway database on 127.0.0.1:5432, dropped
after. Issue 28's target: availability with an onsite address, as browsers ask (brotli, their own
session), p99 ≤ 50 ms at ${connections} connections and ≥ 25 % of the bare route in the same run;
phone availability stays ≥ 40 %.

Set-up, inserted directly before the app starts (then a CHECKPOINT): ${staffCount} active
consultants doing phone and onsite, working the whole grid every weekday, their bases spread
around Melbourne (${baseSuburbs.join(', ')}); for each of the next 31 days (weekends too, where no
time is offered) ${visitsPerDay} confirmed onsite visits of 30 minutes per consultant (${staffCount * visitsPerDay * 31}
bookings, each with its customer and lead), at metropolitan Melbourne localities chosen at random
from the gazetteer (postcodes 3000–3207, a fixed seed), staggered by consultant; and ${sessionCount}
browser sessions, each with a lead (5 panes) and a customer whose address has the coordinates of
another such locality. Drive times are the estimator's (no Google key). Each request asks
\`GET /api/availability?serviceType=onsite&sessionId=…&from=<today>&to=<today + 30>\` with
\`Accept-Encoding: gzip, deflate, br, zstd\`: the app finds the session's place (read once per
session, then kept until a place changes), and answers from the cached calendar (ADR 052,
ADR 054): each day's frame worked out once for every place, the place applied to it, and each
answer compressed once per place, all kept until a change of that day's rows or the clock (a lead
time, the cutoff hour) moves them. First each of the ${sessionCount} sessions once (its first look:
every place read and every place's answer worked out, the cold case), then for the whole measure
each request the next of the ${sessionCount} sessions in turn, then ${returning} sessions in turn (browsers
asking again), then phone availability for the ${sessionCount} sessions (no place). The phone answer is
also sent as it is by a bare route: the ceiling for a calendar of that size on this machine.
Sanity checks before the load: ${checks}.

Then (issue 29) each consultant gets a synced calendar of ${busyPerConsultant} busy times of 45 minutes over
the horizon (at random quarter hours from 07:00 to 19:00, merged where they overlap, as a sync
leaves them), written to \`consultant_calendars\` as the busy sync does (connected, then its busy times
updated: their trigger makes the app read the calendar again), and the first onsite run and the phone run are repeated: ${busyChecks}.

| database | request | req/s | of bare | mean | p99 | 2xx | other |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

Against the targets: ${verdicts.join('; ')}.`;
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] as Driver, process.argv[4] || undefined);
} else {
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const results: Result[] = [];
  for (const driver of drivers) results.push(await measure(driver));
  const body = report(results, load);
  // BENCH_DRY=1: print only (a trial run leaves docs/benchmarks.md alone)
  if (process.env.BENCH_DRY !== '1') await writeSection('onsite-availability', body);
  console.log(body);
}
