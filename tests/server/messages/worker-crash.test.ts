import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess } from '#tests/helpers/server-process.ts';
import { startWebhookReceiver } from '#tests/helpers/protocol-servers/webhook-receiver.ts';
import { testPassword } from '#tests/helpers/staff.ts';

// The process running the worker is killed (SIGKILL) in the middle of a batch and started again:
// every message still arrives, and the only repeats are requests that were in flight at the
// kill, carrying the same X-TintBook-Delivery key so the receiver drops them. With PGlite the
// worker runs inside `npm start`'s process; with PostgreSQL it is `npm run worker`'s own.

const messages = 30;
const limit = { timeout: 240_000 };
const driver = inject('dbDriver');
const secret = randomBytes(24).toString('hex');
const admin = { email: 'owner@example.com', password: testPassword };
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const fastQueue = {
  SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  RATE_LIMIT_PUBLIC_MAX: '100000',
  QUEUE_POLL_SECONDS: '0.5',
  QUEUE_MAINTENANCE_SECONDS: '1',
  MESSAGE_JOB_TIMEOUT_SECONDS: '5',
  MESSAGE_RETRY_DELAY_SECONDS: '1',
  MESSAGE_RETRY_LIMIT: '20',
};

async function throwawayPostgres() {
  const adminUrl = inject('postgresUrl') ?? '';
  const name = `tintbook_crash_${randomUUID().replaceAll('-', '')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  const template = inject('postgresTemplate');
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  cleanups.push(() => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Signs in over HTTP and returns a caller for the admin API. */
async function adminClient(base: string) {
  const origin = { origin: base };
  const signIn = await fetch(`${base}/api/staff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...origin },
    body: JSON.stringify(admin),
  });
  expect(signIn.status).toBe(200);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        ...origin,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
}

function started(env: Record<string, string>, options?: Parameters<typeof startServerProcess>[1]) {
  const proc = startServerProcess(env, options);
  cleanups.push(() => {
    proc.child.kill('SIGKILL');
  });
  return proc;
}

const localUrl = (url: string) => `http://127.0.0.1:${new URL(url).port}`;

describe.each([
  {
    signal: 'SIGKILL' as const,
    says: 'killed mid-batch: loses no message, repeats only what the receiver drops by key',
  },
  {
    signal: 'SIGTERM' as const,
    says: 'stopped mid-batch (graceful): finishes the jobs in hand, nothing lost or repeated',
  },
])('a worker process $signal', ({ signal, says }) => {
  it(says, limit, async () => {
    const receiver = await startWebhookReceiver({ secret, toleranceSeconds: 3600 });
    cleanups.push(() => receiver.close());
    // a slow receiver: each delivery takes 300 ms, so the kill finds requests in flight
    receiver.answer({ delayMs: 300 });

    const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env =
      driver === 'postgres'
        ? { ...fastQueue, DATABASE_URL: await throwawayPostgres(), MESSAGE_WORKER: 'false' }
        : { ...fastQueue, DATA_DIR: dataDir };
    const startWorker = () =>
      driver === 'postgres'
        ? started(env, { entry: 'src/server/worker-main.ts', ready: /message worker is running/ })
        : undefined;

    // The messages are queued while no worker runs, so none goes before the worker starts however
    // slowly a busy machine answers the 30 requests (queued beside a running worker, all 30 were
    // once sent before the kill)
    let app = started({ ...env, MESSAGE_WORKER: 'false' });
    let base = localUrl(await app.ready);
    let api = await adminClient(base);
    await api('POST', '/api/settings/form_webhook_url', { value: receiver.url });
    await api('POST', '/api/settings/form_webhook_secret', { value: secret });
    for (let i = 0; i < messages; i += 1) {
      await api('POST', '/api/messages/test', { channel: 'webhook' });
    }
    let worker = startWorker();
    await worker?.ready;
    if (driver === 'pglite') {
      // the embedded database's worker runs in the app: the same data directory, worker on
      app.child.kill('SIGTERM');
      await app.exited;
      app = started(env);
      base = localUrl(await app.ready);
    }
    await receiver.waitFor(5, 120_000);
    const killed = driver === 'postgres' ? worker : app;
    killed?.child.kill(signal);
    const exitCode = await killed?.exited;
    if (signal === 'SIGTERM') expect(exitCode, killed?.output()).toBe(0);
    const arrivedBeforeKill = receiver.deliveries().length;
    expect(arrivedBeforeKill).toBeLessThan(messages);

    if (driver === 'pglite') {
      app = started(env); // the same data directory, after a crash
      base = localUrl(await app.ready);
      api = await adminClient(base);
    } else {
      worker = startWorker();
      await worker?.ready;
    }
    await receiver.waitFor(messages, 180_000);
    // the receiver has them all; the rows follow once each answer is back
    for (let sent = 0; sent < messages;) {
      const listed = await api('GET', '/api/messages?channel=webhook&status=sent&limit=100');
      sent = (listed.messages as unknown[]).length;
      if (sent < messages) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(receiver.deliveries()).toHaveLength(messages);
    // repeats: only what was in flight at the kill (at most one batch), each with a known key
    expect(receiver.duplicates()).toBeLessThanOrEqual(signal === 'SIGKILL' ? 10 : 0);
    expect(receiver.refused).toEqual([]);
  });
});
