// The JavaScript `/` loads before the first interaction: the entry script and the chunks Vite
// preloads for it (index.html), gzipped. The lazy chunks (the full Contact form, later steps,
// dialogs) are listed apart: what each screen adds when it loads.
// Run after `npm run build`: `npx tsx bench/first-screen-js.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { machine, writeSection } from './results';

const budgetKb = 100;
const webDir = join(import.meta.dirname, '..', 'dist', 'web');
const html = readFileSync(join(webDir, 'index.html'), 'utf8');
const urls = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ...html.matchAll(/<script(?![^>]*type="module")[^>]+src="([^"]+)"/g),
].map((m) => m[1] as string);

function measure(url: string) {
  const bytes = readFileSync(join(webDir, url));
  return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}
const rows = [...new Set(urls)].map(measure);
const lazyRows = readdirSync(join(webDir, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `/assets/${name}`)
  .filter((url) => !urls.includes(url))
  .map(measure)
  .sort((a, b) => b.gzip - a.gzip);
const kb = (n: number) => (n / 1024).toFixed(1);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const verdict = total / 1024 <= budgetKb ? 'within' : 'OVER';

const tableOf = (list: typeof rows) =>
  list.map((r) => `| \`${r.url}\` | ${kb(r.raw)} | ${kb(r.gzip)} |`).join('\n');
await writeSection(
  'first-screen-js',
  `## JavaScript of the first screen (\`/\`)

${machine()}. Budget ≤ ${budgetKb} KB gzipped: **${kb(total)} KB, ${verdict} budget**.

| file | raw KB | gzip KB |
|---|---|---|
${tableOf(rows)}
| **total** | ${kb(rows.reduce((s, r) => s + r.raw, 0))} | **${kb(total)}** |

Loaded later (on the first interaction, on the preloads 2 s and 5 s after start, or when the
screen opens), what each adds:

| file | raw KB | gzip KB |
|---|---|---|
${tableOf(lazyRows)}`,
);
console.log(`first screen JS: ${kb(total)} KB gzipped (${verdict} the ${budgetKb} KB budget)`);
if (verdict === 'OVER') process.exitCode = 1;
