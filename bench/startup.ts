// Time from process start to the first 200 on /health, with an existing (already migrated)
// PGlite data directory. Run after `npm run build`: `npx tsx bench/startup.ts`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine, writeSection } from './results';

const runs = 7;
const port = 3917;
const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-bench-'));

async function startOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      if (res?.status === 200) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

await startOnce(); // creates and migrates the data directory
const times: number[] = [];
for (let i = 0; i < runs; i++) times.push(await startOnce());
rmSync(dataDir, { recursive: true, force: true });

times.sort((a, b) => a - b);
const ms = (n: number) => `${Math.round(n)} ms`;
const median = times[Math.floor(times.length / 2)] ?? 0;
await writeSection(
  'startup',
  `## Start-up: process start to the first 200 on \`/health\`

${machine()}. PGlite with an existing data directory, \`node dist/server/main.js\`, ${runs} runs:
median **${ms(median)}**, fastest ${ms(times[0] ?? 0)}, slowest ${ms(times.at(-1) ?? 0)}.`,
);
console.log(`start-up to first /health 200: median ${ms(median)} (${times.map(ms).join(', ')})`);
