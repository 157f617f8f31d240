// Analytics writes beside the booking calendar on PostgreSQL (issue 11): how many events a
// second POST /api/analytics takes, and whether a steady 2,000 events/s slows GET
// /api/availability (its p99 alone and beside). `npx tsx bench/analytics-load.ts`
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { analyticsEvents } from '#server/db/schema/index.ts';
import { addDays, dateIn } from '#shared/booking/calendar.ts';
import { machine, writeSection } from './results';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const batchSize = 50;
const targetEventsPerSecond = 2000;

// ---- child: the app on its own PostgreSQL database ---------------------------------------------
async function serve(url: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-analytics-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
    RATE_LIMIT_ANALYTICS_MAX: '1000000000',
  });
  const database = await openDatabase({ driver: 'postgres', url });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.on('message', (message: string) => {
    void (async () => {
      if (message === 'count') {
        const [row] = await database.db.select({ n: count() }).from(analyticsEvents);
        process.send?.({ count: row?.n ?? 0 });
      }
      if (message === 'stop') {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      }
    })();
  });
}

// ---- parent ------------------------------------------------------------------------------------
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

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

type Run = { reqPerSec: number; p50: number; p99: number; ok: number; non2xx: number };

async function load(options: autocannon.Options): Promise<Run> {
  const r = await autocannon({ duration: seconds, timeout: 30, ...options });
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    non2xx: r.non2xx + r.errors,
  };
}

function analyticsBody(): string {
  const sessionId = randomUUID();
  const events = Array.from({ length: batchSize }, (_, i) => ({
    sessionId,
    action: i % 5 === 0 ? 'page_view' : 'field_input',
    page: '/measurement',
    data: { field: 'notes', length: i * 5 },
  }));
  return JSON.stringify({ events });
}

async function main() {
  const name = `tintbook_analytics_${randomUUID().replaceAll('-', '')}`;
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const child = fork(import.meta.filename, ['--serve', url], { execArgv: ['--import', 'tsx'] });
  try {
    const base = `http://127.0.0.1:${await ask<number>(child, 'port')}`;
    const today = dateIn(new Date(), 'Australia/Melbourne');
    const calendar = {
      url: `${base}/api/availability?from=${today}&to=${addDays(today, 30)}`,
      connections: 10,
    };
    const analytics = {
      url: `${base}/api/analytics`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: analyticsBody(),
    };
    await load({ ...calendar, duration: 2 }); // warm-up
    const bookingAlone = await load(calendar);
    const analyticsMax = await load({ ...analytics, connections: 10 });
    // a steady 2,000 events/s (40 batches of 50 a second) beside the calendar load
    const rate = targetEventsPerSecond / batchSize;
    const [bookingBeside, analyticsBeside] = await Promise.all([
      load(calendar),
      load({ ...analytics, connections: 4, overallRate: rate }),
    ]);
    const stored = Number(await ask<number>(child, 'count', 'count'));
    const sent = (analyticsMax.ok + analyticsBeside.ok) * batchSize;
    const events = (r: Run) => Math.round(r.reqPerSec * batchSize);
    const row = (what: string, r: Run, extra = '') =>
      `| ${what} | ${Math.round(r.reqPerSec)} | ${r.p50} ms | ${r.p99} ms | ${r.ok} | ${r.non2xx} | ${extra} |`;
    const body = `## Analytics writes beside the booking calendar (issue 11)

\`npx tsx bench/analytics-load.ts\` (PostgreSQL at 127.0.0.1:5432, a fresh database; ${seconds} s per
run; ${machine()}). The app runs in a child process; autocannon drives it from this one.
POST /api/analytics carries batches of ${batchSize} events (the browser batches; each batch is one
multi-row insert). "Beside" runs the calendar load (GET /api/availability, 31 days, 10
connections) at the same time as a steady ${targetEventsPerSecond} events/s (${rate} batches/s).
Analytics writes do not touch the calendar cache: it follows the changed bookings and holds alone (ADR 051).

| run | req/s | p50 | p99 | 2xx | non-2xx/errors | events/s |
| --- | --- | --- | --- | --- | --- | --- |
${row('GET /api/availability alone', bookingAlone)}
${row('POST /api/analytics alone, 10 connections (max)', analyticsMax, String(events(analyticsMax)))}
${row('GET /api/availability beside 2,000 events/s', bookingBeside)}
${row(`POST /api/analytics at ${rate} batches/s beside`, analyticsBeside, String(events(analyticsBeside)))}

Events stored: ${stored}; answered 2xx × ${batchSize} = ${sent} (batches still in flight when a run ended were stored but not counted by autocannon). The calendar shares the 2 cores with the writes: its throughput falls while the writes run; compare its p99.
Calendar p99 alone ${bookingAlone.p99} ms, beside ${bookingBeside.p99} ms.`;
    console.log(body);
    if (!process.env.BENCH_NO_WRITE) await writeSection('analytics-load', body);
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3] ?? '');
else await main();
