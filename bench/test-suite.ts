// Wall time of `npm test`, phase by phase, as a developer or CI waits for it. With --busy, runs
// `stress-ng --cpu <cores>` beside it (Debian's stress-ng) to stand for a machine doing other
// work: the suite must pass there too, only slower. --runs N repeats the whole suite.
//   npx tsx bench/test-suite.ts --busy --runs 3
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { machine, writeSection } from './results';

// the phases of `npm test` (package.json), run one by one so each is timed
const phases = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit + API (vitest)', 'npx vitest run'],
  ['build + e2e (Playwright)', 'npm run test:e2e'],
] as const;

const args = process.argv.slice(2);
const busy = args.includes('--busy');
const runs = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;

function run(command: string): Promise<{ seconds: number; ok: boolean; tail: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) =>
      resolve({ seconds: (performance.now() - started) / 1000, ok: code === 0, tail }),
    );
  });
}

function startLoad(): ChildProcess | null {
  if (!busy) return null;
  if (spawnSync('which', ['stress-ng']).status !== 0) {
    throw new Error('--busy needs stress-ng: apt-get install stress-ng');
  }
  return spawn('stress-ng', ['--cpu', String(availableParallelism()), '--quiet'], {
    stdio: 'ignore',
  });
}

const rows: string[] = [];
let allPassed = true;
for (let i = 1; i <= runs; i++) {
  const load = startLoad();
  let total = 0;
  const cells: string[] = [];
  let passed = true;
  for (const [name, command] of phases) {
    const result = await run(command);
    total += result.seconds;
    cells.push(`${result.seconds.toFixed(0)} s${result.ok ? '' : ' (failed)'}`);
    console.log(`run ${i}: ${name} ${result.seconds.toFixed(1)} s ${result.ok ? 'ok' : 'FAILED'}`);
    if (!result.ok) {
      passed = false;
      console.log(result.tail);
      break;
    }
  }
  load?.kill();
  while (cells.length < phases.length) cells.push('—');
  allPassed &&= passed;
  const minutes = `${Math.floor(total / 60)} min ${Math.round(total % 60)} s`;
  rows.push(`| ${i} | ${cells.join(' | ')} | **${minutes}** | ${passed ? 'passed' : 'FAILED'} |`);
}

await writeSection(
  'test-suite',
  `## The test suite: \`npm test\` wall time

${machine()}, ${availableParallelism()} cores${busy ? `, with \`stress-ng --cpu ${availableParallelism()}\` running beside it the whole time` : ''}. \`bench/test-suite.ts${busy ? ' --busy' : ''}\`:

Before issue 9 the same suite took about 27 minutes on this machine when busy (Vitest 590–888 s,
Playwright 10.5 min): every test app migrated its own database and every test file imported the
whole server again.

| run | typecheck | lint | unit + API (both databases) | build + e2e | total | result |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`,
);
process.exit(allPassed ? 0 : 1);
