// Test helper: a real CalDAV server (Debian's Radicale, issue 29) on a free loopback port, with its
// own temporary storage and one user, stopped and started again on the same port for the outage
// tests. `.ci/run` installs the package when it is missing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RadicaleServer {
  /** http://127.0.0.1:<port>, the same across stop() and start(). */
  readonly origin: string;
  readonly username: string;
  readonly password: string;
  /** Makes a calendar collection of the user (MKCOL) and answers its URL, ending in '/'. */
  makeCalendar(name: string): Promise<string>;
  /** A request as the user (Basic auth), for tests that read or write the calendar directly. */
  request(
    url: string,
    init?: { method?: string; body?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Stops the server: connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and deletes its storage. */
  close(): Promise<void>;
}

export const radicaleBinary = '/usr/bin/radicale';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const mkcalendarBody = `<?xml version="1.0" encoding="utf-8"?>
<D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:resourcetype><D:collection/><C:calendar/></D:resourcetype></D:prop></D:set>
</D:mkcol>`;

/** Starts Radicale; waits until it answers (readiness, not a sleep). */
export async function startRadicale({
  username = 'consultant',
  password = 'app-password-1',
} = {}): Promise<RadicaleServer> {
  const dir = await mkdtemp(join(tmpdir(), 'tintbook-radicale-'));
  const users = join(dir, 'users');
  await writeFile(users, `${username}:${password}\n`, { mode: 0o600 });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  let child: ChildProcess | null = null;

  const request: RadicaleServer['request'] = (url, init = {}) =>
    fetch(url, {
      method: init.method ?? 'GET',
      headers: { authorization, ...init.headers },
      ...(init.body !== undefined && { body: init.body }),
    });

  async function start() {
    child = spawn(
      radicaleBinary,
      [
        '--config',
        '',
        '--server-hosts',
        `127.0.0.1:${port}`,
        '--storage-filesystem-folder',
        join(dir, 'collections'),
        '--auth-type',
        'htpasswd',
        '--auth-htpasswd-filename',
        users,
        '--auth-htpasswd-encryption',
        'plain',
        '--rights-type',
        'owner_only',
        '--logging-level',
        'warning',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Radicale exited: ${log}`);
      try {
        const res = await fetch(`${origin}/`, { method: 'OPTIONS' });
        if (res.status < 500) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`Radicale did not start: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  return {
    origin,
    username,
    password,
    async makeCalendar(name) {
      const url = `${origin}/${username}/${name}/`;
      const res = await request(url, {
        method: 'MKCOL',
        body: mkcalendarBody,
        headers: { 'content-type': 'application/xml; charset=utf-8' },
      });
      if (res.status !== 201) throw new Error(`MKCOL ${url}: ${res.status} ${await res.text()}`);
      return url;
    },
    request,
    stop,
    start,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
