// Lighthouse 12, mobile preset (its default: a mid-range phone, simulated slow 4G and 4x CPU
// slowdown), on `/` of the built app served by the built server on a port of its own, in Debian's
// Chromium. Several runs, the median run reported (Lighthouse's own advice for noisy machines).
// `npx tsx bench/lighthouse.ts` (builds first when the sources changed since the last build).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { machine, writeSection } from './results';

const runs = 3;
const port = 3919;
const root = join(import.meta.dirname, '..');
const targets = { performance: 98, accessibility: 100, 'best-practices': 100 } as const;
const targetLcpMs = 1800;

if (spawnSync('node scripts/build-stamp.js check', { cwd: root, shell: true }).status !== 0) {
  const build = spawnSync('npm run build', { cwd: root, shell: true, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-lighthouse-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => server.on('exit', resolve));
const url = `http://localhost:${port}/`;
while (!(await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.ok) {
  await new Promise((r) => setTimeout(r, 50));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

interface Run {
  scores: Record<keyof typeof targets, number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  failing: string[];
}

async function audit(): Promise<Run> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(targets),
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const resources = (audits['resource-summary']?.details as { items?: unknown[] })?.items ?? [];
  const script = (resources as { resourceType: string; transferSize: number }[]).find(
    (item) => item.resourceType === 'script',
  );
  // what keeps a category below 100: the audits that count toward it and did not pass
  const failing = Object.values(categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map(
        (ref) =>
          `${category.id}: ${audits[ref.id]?.title} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`,
      ),
  );
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: script?.transferSize ?? Number.NaN,
    failing,
  };
}

const load = loadavg()[0]?.toFixed(1);
const results: Run[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const run = await audit();
    console.log(
      `run ${i + 1}: performance ${run.scores.performance}, LCP ${Math.round(run.lcpMs)} ms, CLS ${run.cls}`,
    );
    results.push(run);
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

results.sort((a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs);
const median = results[Math.floor(results.length / 2)] as Run;
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const rows = [
  ...Object.entries(targets).map(([id, target]) => {
    const value = median.scores[id as keyof typeof targets];
    return `| ${id} | ≥ ${target} | **${value}** | ${mark(value >= target)} |`;
  }),
  `| Largest Contentful Paint | ≤ ${targetLcpMs} ms | **${Math.round(median.lcpMs)} ms** | ${mark(median.lcpMs <= targetLcpMs)} |`,
  `| Cumulative Layout Shift | 0 | **${median.cls.toFixed(3)}** | ${mark(median.cls === 0)} |`,
  `| First Contentful Paint | | ${Math.round(median.fcpMs)} ms | |`,
  `| Total Blocking Time | | ${Math.round(median.tbtMs)} ms | |`,
  `| JavaScript transferred | | ${(median.jsBytes / 1024).toFixed(1)} KB | |`,
];
const failing = [...new Set(median.failing)];

await writeSection(
  'lighthouse',
  `## Lighthouse: \`/\` on a phone

${machine()}; 1-minute load average ${load} before the runs. \`bench/lighthouse.ts\`: Lighthouse 12
(mobile preset: simulated slow 4G, 4x CPU slowdown, a mid-range phone's screen) in Debian's
Chromium (\`--headless --no-sandbox --disable-gpu --disable-background-networking\`) against the
built app, \`node dist/server/main.js\` with \`NODE_ENV=production\` on a port of its own; the
median of ${runs} runs (by performance score). Performance in all runs:
${results.map((r) => r.scores.performance).join(', ')}. "JavaScript transferred" is all the page
fetched while Lighthouse watched, the spec's timed preloads of the next steps (2 s and 5 s after
start) included; the first screen's own is counted in the section above.

| measure | target | median run | |
| --- | --- | --- | --- |
${rows.join('\n')}

${failing.length ? `Audits that kept a score below 100 in that run:\n\n${failing.map((f) => `- ${f}`).join('\n')}` : 'No audit counting toward these categories failed in that run.'}`,
);
