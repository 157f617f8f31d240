import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildIfChanged } from '#tests/helpers/build-once.ts';
import { packageRoot } from '#server/lib/package-root.ts';

// Issue 26 item 11: the README's way of starting the app reads `.env`, and stops on SIGTERM.
// Real processes over real ports; once, on the PGlite project (the database is not the point).
const readyLine = /TintBook is ready at http:\/\/localhost:(\d+)/;
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `tintbook-${name}-`));
  dirs.push(dir);
  return dir;
};

/** A port nothing listens on now; `true` from `portIsFree` once whoever had it let it go. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a command and resolves with its ready line's port, however long a busy machine takes. */
function start(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<number>((resolve, reject) => {
    const collect = (chunk: unknown) => {
      output += String(chunk);
      const match = readyLine.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => reject(new Error(`exited (${code}) before ready:\n${output}`)));
  });
  return { child, ready, exited };
}

describe.runIf(inject('dbDriver') === 'pglite')('starting the app as the README says', () => {
  beforeAll(buildIfChanged, 240_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('reads .env in the working directory, and the real environment wins over it', async () => {
    const cwd = tempDir('dotenv');
    const port = await freePort();
    // HOST from the file would fail to listen: the real environment's must win
    writeFileSync(join(cwd, '.env'), `PORT=${port}\nHOST=no-such-host.invalid\n`);
    const server = start(process.execPath, [join(packageRoot, 'dist/server/main.js')], cwd, {
      HOST: '127.0.0.1',
      DATA_DIR: join(cwd, 'data'),
    });
    try {
      expect(await server.ready).toBe(port);
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);

  it('npm start stops on SIGTERM and frees its port', async () => {
    const port = await freePort();
    const npm = start('npm', ['start', '--silent'], packageRoot, {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(tempDir('npm-start'), 'data'),
    });
    expect(await npm.ready).toBe(port);
    expect(await portIsFree(port)).toBe(false);
    npm.child.kill('SIGTERM');
    expect(await npm.exited).not.toBeUndefined();
    // npm has exited; nothing it started may keep the port
    await expect.poll(() => portIsFree(port), { timeout: 30_000 }).toBe(true);
  }, 120_000);
});
