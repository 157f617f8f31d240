// The dashboard API (issue 13) over 100,000 leads and 1,000,000 analytics events, on PGlite and
// PostgreSQL: p50/p95 server time of GET /api/dashboard for a week, a month and a year.
// `npx tsx bench/dashboard.ts` (BENCH_LEADS=…, BENCH_EVENTS=…, BENCH_DRIVERS=pglite,postgres,
// BENCH_NO_WRITE=1 to print only). Run under the tests lock: it needs the machine to itself.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { hashPassword } from '#server/features/staff-auth/password-hash.ts';
import { insertStaffUserIfNew } from '#server/features/staff-auth/staff-auth.repository.ts';
import { machine, writeSection } from './results';

type Driver = 'pglite' | 'postgres';
const leadCount = Number(process.env.BENCH_LEADS ?? 100_000);
const eventCount = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as Driver[];
const runs = 50;
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

// ---- the data: a year of traffic, one bulk INSERT … SELECT per table ---------------------------
// A lead every 5 minutes (100,000 ≈ 347 days), three visits per lead, one booking in five (half
// made the same day, a twentieth cancelled, a tenth moved), an attribution capture for half of
// the leads and ten analytics events per visit-ish (1,000,000 over the same year).
const uid = (table: string, g = 'g') =>
  `overlay(overlay(md5('${table}' || ${g}) placing '4' from 13) placing '8' from 17)::uuid`;
const seedSql = (n: number, events: number) => [
  `insert into sessions (id, created_at, last_activity)
   select ${uid('s')}, now() - g * interval '100 seconds', now() - g * interval '100 seconds'
   from generate_series(1, ${n * 3}) g`,
  `insert into leads (id, session_id, source, utm_source, utm_medium, utm_campaign, referrer,
     landing_page, status, stage, data, first_staff_action_at, created_at, updated_at)
   select ${uid('l')}, ${uid('s', 'g * 3')}, 'website',
     case g % 4 when 0 then 'google' when 1 then 'facebook' else null end,
     case g % 4 when 0 then 'cpc' when 1 then 'paid_social' else null end,
     case g % 4 when 0 then 'spring-' || g % 7 when 1 then 'winter' else null end,
     case g % 4 when 2 then 'https://www.google.com.au/' end,
     case g % 4 when 0 then '/?gclid=x' || g when 1 then '/?fbclid=y' || g else '/' end,
     (array['new','contacted','closed'])[1 + g % 3],
     (array['contact','details','estimate','booked','quoted','won','lost'])[1 + g % 7],
     jsonb_build_object('bookingOption', 'estimate', 'estimatedPrice', 20000 + g % 50000,
       'details', jsonb_build_object('glassCount', 1 + g % 10,
         'painPoint', (array['uv-privacy','thermal','security'])[1 + (g / 3) % 3]))
       || case when g % 9 = 0 then jsonb_build_object('estimate', jsonb_build_object('discount',
         jsonb_build_object('code', 'SPRING10', 'amountCents', 2000))) else '{}'::jsonb end,
     case when g % 2 = 0 then now() - g * interval '5 minutes' + (g % 90) * interval '1 minute' end,
     now() - g * interval '5 minutes', now() - g * interval '5 minutes'
   from generate_series(1, ${n}) g`,
  `insert into utm_captures (session_id, lead_id, family, utm_source, created_at)
   select ${uid('s', 'g * 3')}, ${uid('l')},
     case g % 4 when 0 then 'google_ads' when 1 then 'meta_ads' else 'organic' end,
     case g % 4 when 0 then 'google' when 1 then 'facebook' end, now() - g * interval '5 minutes'
   from generate_series(2, ${n}, 2) g`,
  `insert into bookings (lead_id, staff_id, service_type, start_time, end_time, status, created_at)
   select ${uid('l')}, 'bench-' || g, case when g % 10 = 0 then 'onsite' else 'phone' end,
     now() - g * interval '5 minutes' + interval '3 days',
     now() - g * interval '5 minutes' + interval '3 days 30 minutes',
     case when g % 25 = 0 then 'cancelled' else 'confirmed' end,
     now() - g * interval '5 minutes' + interval '1 hour'
   from generate_series(5, ${n}, 5) g`,
  `insert into activities (lead_id, action, event_type, data, timestamp)
   select ${uid('l')}, case when g % 2 = 0 then 'booking_cancelled' else 'booking_rescheduled' end,
     'booking', '{}'::jsonb, now() - g * interval '5 minutes' + interval '2 hours'
   from generate_series(25, ${n}, 25) g`,
  `insert into analytics_events (session_id, action, page, data, timestamp)
   select ${uid('s', '(g / 3)')}, (array['page_view','step_view','click','scroll'])[1 + g % 4],
     '/contact', '{}'::jsonb, now() - g * (interval '1 second' * ${(n * 300) / events})
   from generate_series(1, ${events}) g`,
  'vacuum analyze',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

type App = Awaited<ReturnType<typeof buildApp>>;

async function time(app: App, cookie: string, name: string, url: string) {
  const ask = async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    return res.json() as { funnel: { steps: { count: { current: number } }[] } };
  };
  for (let i = 0; i < 3; i++) await ask();
  const times: number[] = [];
  let leads = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const body = await ask();
    times.push(performance.now() - started);
    leads = body.funnel.steps[1]?.count.current ?? 0;
  }
  times.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    leads,
  };
}

async function runOn(driver: Driver) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-dashboard-bench-'));
  let url: string | undefined;
  const dbName = `tintbook_bench_dashboard_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  if (driver === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const target = new URL(adminUrl);
    target.pathname = `/${dbName}`;
    url = target.toString();
  }
  const database: Database = await openDatabase(
    url ? { driver: 'postgres', url } : { driver: 'pglite', dataDir },
  );
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      MESSAGE_WORKER: 'false',
      ...(url && { DATABASE_URL: url }),
    });
    const app = await buildApp({ config, database });
    const seedStarted = performance.now();
    for (const statement of seedSql(leadCount, eventCount)) await database.executeSql(statement);
    const seedMs = performance.now() - seedStarted;
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
    if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode}`);
    const cookie = /^([^;]+)/.exec(String(signIn.headers['set-cookie']))?.[1] ?? '';
    const cases: [string, string][] = [
      ['last 7 days', `/api/dashboard?from=${day(6)}&to=${day(0)}`],
      ['last 30 days', `/api/dashboard?from=${day(29)}&to=${day(0)}`],
      ['365 days (the longest range)', `/api/dashboard?from=${day(364)}&to=${day(0)}`],
    ];
    const timings = [];
    for (const [name, path] of cases) timings.push(await time(app, cookie, name, path));
    await app.close();
    return { driver, seedMs, timings };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (driver === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const ms = (n: number) => n.toFixed(1);
const results = [];
for (const driver of drivers) {
  console.log(`${driver}: seeding ${leadCount} leads, ${eventCount} analytics events…`);
  const result = await runOn(driver);
  console.log(JSON.stringify(result, null, 2));
  results.push(result);
}

const table = results
  .flatMap((r) =>
    r.timings.map(
      (t) =>
        `| ${r.driver} | ${t.name} | ${t.leads} | ${ms(t.p50)} ms | ${ms(t.p95)} ms | ${ms(t.max)} ms | ${t.p95 <= 200 ? 'yes' : 'no'} |`,
    ),
  )
  .join('\n');
const body = `## Dashboard API (issue 13)

\`npx tsx bench/dashboard.ts\` — ${machine()}, ${cpus().length} cores. ${leadCount.toLocaleString('en-AU')}
leads over a year (one every 5 minutes; three sessions each, a booking for one in five, a
capture for half), ${eventCount.toLocaleString('en-AU')} analytics events over the same year.
\`GET /api/dashboard\` through \`app.inject\` with a staff cookie, each range beside its previous
period, ${runs} runs after 3 warm-ups; server time including the 14-day slot calendar. Target:
p95 ≤ 200 ms.

| database | range | leads in range | p50 | p95 | max | p95 ≤ 200 ms |
|---|---|---|---|---|---|---|
${table}

Seeding took ${results.map((r) => `${r.driver} ${Math.round(r.seedMs / 1000)} s`).join(', ')}.
`;
if (process.env.BENCH_NO_WRITE) console.log(body);
else await writeSection('dashboard', body);
