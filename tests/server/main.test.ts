import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess } from '#tests/helpers/server-process.ts';

// Start-up and shutdown of the real process (PGlite in a temporary data directory). A first start
// runs initdb, which takes seconds on a busy machine: the tests wait for the "ready" line, and the
// limit below only stops a process that never gets there.
const startLimit = { timeout: 180_000 };
const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.runIf(inject('dbDriver') === 'pglite')('the server process', () => {
  it('refuses to start on a bad setting and names it', startLimit, async () => {
    const proc = startServerProcess({
      DATA_DIR: dataDir,
      PORT: 'not-a-port',
      DATABASE_URL: 'mysql://nope',
    });
    proc.ready.catch(() => {});
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('Invalid configuration');
    expect(proc.output()).toContain('PORT');
    expect(proc.output()).toContain('DATABASE_URL');
  });

  it('serves /health once ready, then shuts down cleanly on SIGTERM', startLimit, async () => {
    const proc = startServerProcess({ DATA_DIR: dataDir });
    const url = await proc.ready;
    // the address it listens on, not the name in the log line (localhost may resolve to ::1)
    const health = await fetch(`http://127.0.0.1:${new URL(url).port}/health`);
    expect(health.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });
});
