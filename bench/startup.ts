// A restart of an unchanged install: from the command to the first 200 on /health, with an
// existing (already migrated) PGlite data directory. `npm start` (which checks the build stamp and
// builds nothing here) and the production path `node dist/server/main.js`, each several times.
// `npx tsx bench/startup.ts` (its warm-up run builds first if the sources changed).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine, writeSection } from './results';

const runs = 7;
const budgetMs = 1500;
const port = 3917;
const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-bench-'));
const commands = {
  'npm start': ['npm', 'start'],
  'node dist/server/main.js': [process.execPath, 'dist/server/main.js'],
  // the baseline: a bare Fastify route, started the same way on the same machine
  'bare Fastify (baseline)': [process.execPath, 'bench/bare-fastify.mjs'],
} as const;

async function startOnce([command, ...args]: readonly string[]): Promise<number> {
  const started = performance.now();
  // its own process group: npm's children are stopped with it
  const child = spawn(command as string, args, {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      if (res?.status === 200) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
  }
}

// creates and migrates the data directory, and builds if the sources changed since the last build
await startOnce(commands['npm start']);
const stamp = spawnSync(process.execPath, ['scripts/build-stamp.js', 'check'], { cwd: root });
if (stamp.status !== 0) throw new Error('the build is still not current after npm start');

const ms = (n: number) => `${Math.round(n)} ms`;
const rows: string[] = [];
const medians: Record<string, number> = {};
const load = loadavg()[0]?.toFixed(1);
for (const [name, command] of Object.entries(commands)) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await startOnce(command));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  medians[name] = median;
  rows.push(
    `| \`${name}\` | **${ms(median)}** | ${ms(times[0] ?? 0)} | ${ms(times.at(-1) ?? 0)} |`,
  );
  console.log(`${name}: median ${ms(median)} (${times.map(ms).join(', ')})`);
}
rmSync(dataDir, { recursive: true, force: true });

const npmStart = medians['npm start'] ?? 0;
const bare = medians['bare Fastify (baseline)'] ?? 1;
const ratio = (npmStart / bare).toFixed(1);
const verdict = npmStart <= budgetMs ? 'within' : 'OVER';
await writeSection(
  'startup',
  `## Start-up: a restart of an unchanged install to the first 200 on \`/health\`

${machine()}; 1-minute load average ${load} at the start (other work was running). PGlite with an
existing data directory, ${runs} runs of each command after a warm-up start; \`npm start\` finds
the build stamp current (\`scripts/build-stamp.js\`) and builds nothing. Budget ≤ ${ms(budgetMs)}
for \`npm start\`: **${ms(npmStart)}, ${verdict} budget**; ${ratio}× the bare Fastify process of
the same run (ADR 047: the absolute budget holds on a machine as fast as the one it was set on).

| command | median | fastest | slowest |
| --- | --- | --- | --- |
${rows.join('\n')}`,
);
if (verdict === 'OVER') process.exitCode = 1;
