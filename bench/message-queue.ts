// Jobs per second through the outbound-message queue (pg-boss) on PGlite and PostgreSQL:
// deliveries are queued in transactions of 100, then the worker drains them, once to the log
// (no provider: the queue's own cost) and once as signed webhooks to a local HTTP receiver.
// `npx tsx bench/message-queue.ts`; writes its section of docs/benchmarks.md.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { and, inArray, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import { messageDeliveries } from '#server/db/schema/index.ts';
import { SettingSecrets } from '#server/lib/setting-secrets.ts';
import { MessageQueue } from '#server/messages/message-queue.ts';
import { Outbox } from '#server/messages/outbox.ts';
import { startMessageWorker } from '#server/messages/start-worker.ts';
import { machine, writeSection } from './results';

type Driver = 'pglite' | 'postgres';
const count = Number(process.env.BENCH_MESSAGES ?? 2000);
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const silent = { info() {}, warn() {}, error() {} };

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

async function receiver() {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function run(database: Database, mode: 'log' | 'webhook', url: string) {
  const key = randomBytes(32);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    QUEUE_POLL_SECONDS: '0.5',
    SETTINGS_ENCRYPTION_KEY: key.toString('base64'),
  });
  const secrets = new SettingSecrets(key);
  const webhookUrl = mode === 'webhook' ? url : '';
  await saveSettings(
    database.db,
    [
      { key: 'form_webhook_url', value: webhookUrl, category: 'webhook', isSecret: false },
      {
        key: 'form_webhook_secret',
        value: randomBytes(24).toString('hex'),
        category: 'webhook',
        isSecret: true,
      },
    ],
    secrets,
  );
  const clock = () => new Date();
  const outbox = new Outbox(new MessageQueue(database, config.queue), { app: clock, real: clock });
  const queuedAt = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < count; i += 100) {
    await database.db.transaction(async (tx) => {
      for (let j = i; j < Math.min(count, i + 100); j += 1) {
        const id = await outbox.put(tx, { channel: 'webhook', kind: 'test', recipient: 'bench' });
        if (id) ids.push(id);
      }
    });
  }
  const queued = performance.now() - queuedAt;
  const drainAt = performance.now();
  const worker = await startMessageWorker({
    config,
    database,
    secrets,
    log: silent,
    now: clock,
    appUrl: 'http://localhost',
  });
  for (;;) {
    const [row] = await database.db
      .select({ left: sql<number>`count(*)::int` })
      .from(messageDeliveries)
      .where(and(inArray(messageDeliveries.id, ids), ne(messageDeliveries.status, 'sent')));
    if (row?.left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const drained = performance.now() - drainAt;
  await worker.stop();
  return { queuedPerSecond: (count / queued) * 1000, drainedPerSecond: (count / drained) * 1000 };
}

async function measure(driver: Driver, url: string) {
  const name = `tintbook_bench_${randomUUID().replaceAll('-', '')}`;
  if (driver === 'postgres') await admin(`CREATE DATABASE ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const database = await openDatabase(
    driver === 'postgres'
      ? { driver: 'postgres', url: target.toString() }
      : { driver: 'pglite', dataDir: 'memory' },
  );
  try {
    const log = await run(database, 'log', url);
    const webhook = await run(database, 'webhook', url);
    return { log, webhook };
  } finally {
    await database.close();
    if (driver === 'postgres') await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const load = loadavg()[0]?.toFixed(1);
const { server, url } = await receiver();
const rows: string[] = [];
for (const driver of ['pglite', 'postgres'] as Driver[]) {
  const result = await measure(driver, url);
  for (const [mode, figures] of Object.entries(result)) {
    rows.push(
      `| ${driver} | ${mode === 'log' ? 'no provider (to the log)' : 'signed webhook, local receiver'} | ${Math.round(figures.queuedPerSecond)} | ${Math.round(figures.drainedPerSecond)} |`,
    );
  }
}
server.close();
await writeSection(
  'message-queue',
  `## Outbound messages: jobs per second through the queue

${machine()}. \`npx tsx bench/message-queue.ts\`: ${count} deliveries queued with their pg-boss
jobs in transactions of 100 (the way a booking queues its messages), then drained by one
worker (10 jobs at a time per channel, polling every 0.5 s, fetching again at once after a
full batch). Each job claims its delivery row, reads the provider settings (secrets opened),
sends, and records the outcome. 1-minute load average before the run: ${load}.

| database | channel | queued / s | sent / s |
| -------- | ------- | ---------: | -------: |
${rows.join('\n')}
`,
);
console.log(rows.join('\n'));
