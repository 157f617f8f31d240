import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { packageRoot } from '../../src/server/lib/package-root';

// Start-up and shutdown of the real process (PGlite in a temporary data directory).
const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: packageRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describe.runIf(inject('dbDriver') === 'pglite')('the server process', () => {
  it('refuses to start on a bad setting and names it', async () => {
    const proc = start({ PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' });
    expect(await proc.exited).toBe(1);
    expect(proc.stderr()).toContain('Invalid configuration');
    expect(proc.stderr()).toContain('PORT');
    expect(proc.stderr()).toContain('DATABASE_URL');
  });

  it('serves /health, then shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const proc = start({ PORT: String(port), HOST: '127.0.0.1' });
    let health: Response | undefined;
    for (let i = 0; i < 100 && !health; i++) {
      health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      if (!health) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health?.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });
});
