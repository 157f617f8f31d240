// The leads back office at 100,000 leads, on PGlite and PostgreSQL: p50/p95 server time of the
// list, its filters and sorts, the search box and the lead detail, and the memory of the CSV
// export. The method is in the section written to docs/benchmarks.md. `npx tsx bench/leads.ts`
// (BENCH_LEADS=…, BENCH_DRIVERS=pglite,postgres, BENCH_NO_WRITE=1 to print only; BENCH_REUSE=1
// keeps the seeded databases — a PGlite directory and a PostgreSQL database of fixed names — and
// seeds them only the first time, so a later run measures in seconds; migrations still apply.)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { hashPassword } from '#server/features/staff-auth/password-hash.ts';
import { insertStaffUserIfNew } from '#server/features/staff-auth/staff-auth.repository.ts';
import { machine, writeSection } from './results';

type Driver = 'pglite' | 'postgres';
const leadCount = Number(process.env.BENCH_LEADS ?? 100_000);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as Driver[];
const runs = 100;
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

// ---- the data: one bulk INSERT … SELECT per table, generate_series numbering the rows ----------
/** Row g's id for a table: md5 made into a valid version-4 UUID (the API checks the form). */
const uid = (table: 'c' | 'l' | 's', g = 'g') =>
  `overlay(overlay(md5('${table}' || ${g}) placing '4' from 13) placing '8' from 17)::uuid`;
const textArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

// Names as common as in life: Smith one lead in 100, Nguyen one in 125, the rest spread over
// 4,000 made-up surnames; 30 suburbs. First names are only 8, so a first name is the stress case
// of a search word that matches one lead in eight.
const firstNames = ['Alex', 'Sam', 'Jordan', 'Charlie', 'Robin', 'Jamie', 'Taylor', 'Morgan'];
const syllables = ['ka', 'lo', 'mi', 'ren', 'to', 'sa', 'vi', 'dor', 'el', 'fin'];
const syllables2 = ['ber', 'cor', 'dal', 'gan', 'hol', 'jen', 'kov', 'lin', 'mer', 'nis'];
const suburbs = [
  'Fitzroy',
  'Carlton',
  'Richmond',
  'Brunswick',
  'Geelong',
  'Ballarat',
  'Bendigo',
  'Coburg',
  'Preston',
  'Northcote',
  'Footscray',
  'Sunshine',
  'Werribee',
  'Frankston',
  'Dandenong',
  'Ringwood',
  'Box Hill',
  'Camberwell',
  'Hawthorn',
  'Kew',
  'Doncaster',
  'Eltham',
  'Greensborough',
  'Epping',
  'Craigieburn',
  'Essendon',
  'Moonee Ponds',
  'St Kilda',
  'Brighton',
  'Cheltenham',
];
const surnameSql = `case when g % 100 = 0 then 'Smith' when g % 125 = 1 then 'Nguyen'
  else initcap((${textArray(syllables)})[1 + g % 10] || (${textArray(syllables2)})[1 + (g / 10) % 10]
    || (${textArray(syllables)})[1 + (g / 100) % 10] || (${textArray(syllables2)})[1 + (g / 1000) % 4]) end`;
/** Lead g's surname, as surnameSql makes it (about 25 leads share each made-up one). */
const surnameOf = (g: number) =>
  g % 100 === 0
    ? 'Smith'
    : g % 125 === 1
      ? 'Nguyen'
      : [
          syllables[g % 10],
          syllables2[Math.floor(g / 10) % 10],
          syllables[Math.floor(g / 100) % 10],
          syllables2[Math.floor(g / 1000) % 4],
        ].join('');
/** Lead g's phone: +614 and eight digits, so '0400 004 242' finds lead 4242. */
const phoneOf = (g: number) => `04${String(g).padStart(8, '0')}`;
const seedSql = (n: number) => [
  `insert into customers (id, first_name, last_name, email, phone, address, suburb, postcode,
     state, address_lat, address_lng, created_by_session_id, created_at, updated_at)
   select ${uid('c')}, (${textArray(firstNames)})[1 + g % 8],
     ${surnameSql},
     'person' || g || '@example.com', '+614' || lpad(g::text, 8, '0'),
     g || ' Test Street, ' || (${textArray(suburbs)})[1 + g % 30] || ' VIC 3000',
     (${textArray(suburbs)})[1 + g % 30], '3000', 'VIC', -37.8, 144.9, ${uid('s')},
     now() - g * interval '5 minutes', now() - g * interval '5 minutes'
   from generate_series(1, ${n}) g`,
  `insert into leads (id, customer_id, session_id, source, utm_source, utm_medium, utm_campaign,
     status, stage, data, first_staff_action_at, created_at, updated_at)
   select ${uid('l')}, ${uid('c')}, ${uid('s')}, 'website',
     case g % 4 when 0 then 'google' when 1 then 'facebook' else null end,
     case g % 4 when 0 then 'cpc' when 1 then 'paid_social' else null end,
     case g % 4 when 0 then 'spring' when 1 then 'winter' else null end,
     (array['new','contacted','closed'])[1 + g % 3],
     (array['contact','details','estimate','booked','quoted','won','lost'])[1 + g % 7],
     jsonb_build_object('bookingOption', 'estimate', 'estimatedPrice', 20000 + g % 50000,
       'details', jsonb_build_object('glassCount', 1 + g % 10,
         'painPoint', (array['uv-privacy','thermal','security'])[1 + (g / 3) % 3],
         'measurements', jsonb_build_array(jsonb_build_object('length', 1000, 'width', 900, 'sqm', 0.9)))),
     case when g % 2 = 0 then now() - g * interval '5 minutes' + interval '12 minutes' end,
     now() - g * interval '5 minutes', now() - g * interval '5 minutes'
   from generate_series(1, ${n}) g`,
  // one lead in five booked, each with a consultant of its own (no overlap to refuse)
  `insert into bookings (customer_id, lead_id, staff_id, service_type, start_time, end_time,
     status, estimated_price_cents)
   select ${uid('c')}, ${uid('l')}, 'bench-' || g, 'phone',
     date_trunc('hour', now()) + ((g % 60) - 30) * interval '1 day',
     date_trunc('hour', now()) + ((g % 60) - 30) * interval '1 day' + interval '30 minutes',
     case when g % 25 = 0 then 'cancelled' else 'confirmed' end, 20000 + g % 50000
   from generate_series(5, ${n}, 5) g`,
  `insert into uploaded_files (lead_id, session_id, original_name, stored_name, size,
     content_type, upload_status)
   select ${uid('l')}, ${uid('s')}, 'window-' || g || '.jpg', 'bench-' || g,
     1000, 'image/jpeg', 'uploaded'
   from generate_series(10, ${n}, 10) g`,
  `insert into activities (lead_id, customer_id, staff_user_id, action, event_type, data, timestamp)
   select ${uid('l')}, ${uid('c')}, null, 'staff_note', 'staff',
     jsonb_build_object('text', 'Called back', 'staffName', 'Bench'),
     now() - g * interval '5 minutes' + interval '12 minutes'
   from generate_series(2, ${n}, 2) g`,
  // what autovacuum does after a bulk load on PostgreSQL (PGlite has no autovacuum)
  'vacuum analyze',
];

async function seed(database: Database, n: number) {
  const started = performance.now();
  for (const statement of seedSql(n)) await database.executeSql(statement);
  return performance.now() - started;
}

// ---- the measurements ---------------------------------------------------------------------------
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
  rows: number;
}

/** What is timed: the app, or the bare Fastify route beside it (the machine's floor). */
type App = Pick<Awaited<ReturnType<typeof buildApp>>, 'inject'>;

/** Each URL (or URL maker) asked `runs` times after a warm-up, timed around app.inject. */
async function time(app: App, cookie: string, name: string, url: (i: number) => string) {
  const ask = async (i: number) => {
    const res = await app.inject({ method: 'GET', url: url(i), headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    return res;
  };
  for (let i = 0; i < 5; i++) await ask(i);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await ask(i);
    times.push(performance.now() - started);
    const body = res.json() as { leads?: unknown[] };
    rows = body.leads?.length ?? 1;
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, rows };
}

/** A lead number of the seeded range, different at each run. */
const pick = (i: number) => 1 + ((i * 7919) % leadCount);
const leadId = async (database: Database, g: number) =>
  (
    (await database.executeSql(`select ${uid('l', '$1::int')} as id`, [g])).rows[0] as {
      id: string;
    }
  ).id;

async function measureQueries(app: App, cookie: string, database: Database) {
  const firstPage = await app.inject({ method: 'GET', url: '/api/leads', headers: { cookie } });
  const cursor = (firstPage.json() as { nextCursor: string }).nextCursor;
  const month = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const ids = await Promise.all(Array.from({ length: runs }, (_, i) => leadId(database, pick(i))));
  const q = (value: string) => `/api/leads?q=${encodeURIComponent(value)}`;
  const cases: [string, (i: number) => string][] = [
    ['list: newest, first page with stage counts', () => '/api/leads'],
    ['list: next page (cursor)', () => `/api/leads?cursor=${encodeURIComponent(cursor)}`],
    ['list: sort next appointment', () => '/api/leads?sort=next_appointment'],
    ['list: sort waiting longest', () => '/api/leads?sort=waiting'],
    ['filter: stage booked', () => '/api/leads?stage=booked'],
    [
      'filter: status + source + pain point',
      () => '/api/leads?status=new&source=google&painPoint=thermal',
    ],
    ['filter: upcoming booking', () => '/api/leads?booking=upcoming'],
    ['filter: has photos', () => '/api/leads?hasPhotos=true'],
    ['filter: one month (from/to)', () => `/api/leads?from=${month}&to=${monthEnd}`],
    [
      'search: phone typed 0400 004 242',
      (i) => {
        const d = phoneOf(pick(i));
        return q(`${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`);
      },
    ],
    ['search: phone typed +61400004242', (i) => q(`+61${phoneOf(pick(i)).slice(1)}`)],
    ['search: e-mail', (i) => q(`person${pick(i)}@example.com`)],
    // what staff type before the whole of it: the start of an e-mail (person12… is 1 lead in 90)
    // and of a phone number (0400 0xx: 1 in 100)
    ['search: e-mail prefix (person12…)', (i) => q(`person${10 + (i % 90)}`)],
    [
      'search: phone start 0400 0xx (1 in 100)',
      (i) => q(`0400 0${String(i % 100).padStart(2, '0')}`),
    ],
    ['search: a surname (1 in 4,000)', (i) => q(surnameOf(pick(i)))],
    ['search: last name Smith (1 in 100 leads)', () => q('smith')],
    ['search: last name Nguyen (1 in 125)', () => q('Nguyen')],
    ['search: first and last name (Alex Smith)', (i) => q(`${firstNames[(i % 2) * 4]} Smith`)],
    ['search: suburb (1 in 30)', (i) => q(suburbs[i % suburbs.length]!)],
    ['search: a first name (1 in 8, stress)', (i) => q(firstNames[i % 8]!)],
    ['detail: GET /api/leads/:id', (i) => `/api/leads/${ids[i % ids.length]}`],
  ];
  const only = process.env.BENCH_CASES?.split(',');
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const results: Timing[] = [
    await time(bare as unknown as App, cookie, 'bare Fastify route (the floor)', () => '/bare'),
  ];
  await bare.close();
  for (const [name, url] of cases) {
    if (only && !only.some((part) => name.includes(part))) continue;
    results.push(await time(app, cookie, name, url));
  }
  return results;
}

interface ExportMemory {
  label: string;
  rows: number;
  bytes: number;
  seconds: number;
  heapPeakMb: number;
  rssPeakMb: number;
}

/** The export over real HTTP, read and dropped as it comes; memory sampled every 5 ms. */
async function measureExport(port: number, cookie: string, label: string, query: string) {
  global.gc?.();
  const base = process.memoryUsage();
  let heapPeak = base.heapUsed;
  let rssPeak = base.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
  }, 5);
  const started = performance.now();
  const { bytes, rows } = await new Promise<{ bytes: number; rows: number }>((resolve, reject) => {
    get(
      { host: '127.0.0.1', port, path: `/api/leads/export.csv${query}`, headers: { cookie } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
        let count = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          count += chunk.length;
          for (const byte of chunk) if (byte === 10) lines++;
        });
        res.on('end', () => resolve({ bytes: count, rows: lines - 1 }));
        res.on('error', reject);
      },
    ).on('error', reject);
  });
  clearInterval(sampler);
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return {
    label,
    rows,
    bytes,
    seconds: (performance.now() - started) / 1000,
    heapPeakMb: mb(heapPeak - base.heapUsed),
    rssPeakMb: mb(rssPeak - base.rss),
  } satisfies ExportMemory;
}

// ---- one driver ---------------------------------------------------------------------------------
const reuse = Boolean(process.env.BENCH_REUSE);

async function runOn(driver: Driver) {
  const dataDir = reuse
    ? join(tmpdir(), `tintbook-leads-bench-${leadCount}`)
    : mkdtempSync(join(tmpdir(), 'tintbook-leads-bench-'));
  let url: string | undefined;
  const dbName = reuse
    ? `tintbook_bench_leads_${leadCount}`
    : `tintbook_bench_leads_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  if (driver === 'postgres') {
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
    if (exists.rowCount === 0) await admin.query(`create database ${dbName}`);
    const target = new URL(adminUrl);
    target.pathname = `/${dbName}`;
    url = target.toString();
  }
  const database = await openDatabase(
    url ? { driver: 'postgres', url } : { driver: 'pglite', dataDir },
  );
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      MESSAGE_WORKER: 'false',
      ...(url && { DATABASE_URL: url }),
    });
    const app = await buildApp({ config, database });
    const seeded = await database.executeSql('select count(*)::int as n from leads');
    const seedMs =
      reuse && (seeded.rows[0] as { n: number }).n >= leadCount
        ? Number.NaN
        : await seed(database, leadCount);
    // a kept database may just have run a new migration: what autovacuum (PostgreSQL) or the
    // app's table maintenance (PGlite, ADR 032) does next
    if (Number.isNaN(seedMs)) await database.executeSql('vacuum analyze');
    // a database kept from an earlier run keeps its staff account: a new password each run
    await database.executeSql("delete from staff_users where email = 'bench@example.com'");
    // a staff account of this run only, with a password made now
    const password = randomBytes(18).toString('base64url');
    await insertStaffUserIfNew(database.db, {
      email: 'bench@example.com',
      displayName: 'Bench',
      role: 'staff',
      passwordHash: await hashPassword(password),
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      payload: { email: 'bench@example.com', password },
      headers: { origin: 'http://localhost' },
    });
    const cookie = /^([^;]+)/.exec(String(signIn.headers['set-cookie']))?.[1] ?? '';
    if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode}`);

    const timings = await measureQueries(app, cookie, database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const from = new Date(Date.now() - 34 * 86_400_000).toISOString().slice(0, 10);
    // BENCH_CASES (a few cases by name, for a quick look) leaves the exports out
    const exports = process.env.BENCH_CASES
      ? []
      : [
          await measureExport(port, cookie, 'one month (from/to)', `?from=${from}`),
          await measureExport(port, cookie, 'every lead', ''),
        ];
    await app.close();
    return { driver, seedMs, timings, exports };
  } finally {
    await database.close();
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
    if (driver === 'postgres') {
      if (process.env.BENCH_KEEP_DB || reuse) console.log(`kept database ${dbName}`);
      else await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const ms = (n: number) => n.toFixed(1);
const results: Awaited<ReturnType<typeof runOn>>[] = [];
for (const driver of drivers) {
  console.log(`${driver}: seeding ${leadCount} leads…`);
  const result = await runOn(driver);
  console.log(JSON.stringify(result, null, 2));
  results.push(result);
}

const names = results[0]?.timings.map((t) => t.name) ?? [];
const table = [
  `| Request | ${results.map((r) => `${r.driver} p50 / p95 (max) ms`).join(' | ')} | Rows |`,
  `| --- | ${results.map(() => '---').join(' | ')} | --- |`,
  ...names.map((name) => {
    const cells = results.map((r) => {
      const t = r.timings.find((x) => x.name === name)!;
      return `${ms(t.p50)} / **${ms(t.p95)}** (${ms(t.max)})`;
    });
    return `| ${name} | ${cells.join(' | ')} | ${results[0]!.timings.find((x) => x.name === name)!.rows} |`;
  }),
];
const exportsTable = [
  '| Database | Export | Rows | Size | Time | Heap peak above start | RSS peak above start |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...results.flatMap((r) =>
    r.exports.map(
      (e) =>
        `| ${r.driver} | ${e.label} | ${e.rows.toLocaleString('en-AU')} | ${(e.bytes / 1024 / 1024).toFixed(1)} MB | ${e.seconds.toFixed(1)} s | ${e.heapPeakMb} MB | ${e.rssPeakMb} MB |`,
    ),
  ),
];
const body = `## Leads back office at ${leadCount.toLocaleString('en-AU')} leads

\`npx tsx --expose-gc bench/leads.ts\` (${machine()}; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at the end).
Each database gets ${leadCount.toLocaleString('en-AU')} customers and leads by bulk \`INSERT … SELECT\`
(spread over a year, every stage, status, source and pain point; one in five booked, one in ten
with a photo, one in two with a staff note) — ${results.map((r) => `${r.driver} ${Number.isNaN(r.seedMs) ? 'seeded by an earlier run' : `${(r.seedMs / 1000).toFixed(1)} s`}`).join(', ')}.
Each request below is asked ${runs} times after 5 warm-ups through \`app.inject\` as a signed-in
staff member: server time (routing, validation, the queries, serialising), no network. Searches
and the detail change their subject at every request. Target: list and search p95 ≤ 50 ms.

${table.join('\n')}

The CSV export is read over real HTTP and dropped as it arrives, the process's memory sampled
every 5 ms (PGlite runs inside the process, so its memory is in the RSS):

${exportsTable.join('\n')}
`;
console.log(body);
if (!process.env.BENCH_NO_WRITE) await writeSection('leads', body);
process.exit(0);
