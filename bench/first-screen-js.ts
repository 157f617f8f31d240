// The JavaScript `/` loads before the first interaction: the entry script and the chunks Vite
// preloads for it (index.html), as the built server sends them to a browser that accepts brotli
// (bytes on the wire, headers aside). The lazy chunks (the full Contact form, later steps,
// dialogs) are listed apart: what each screen adds when it loads.
// `npx tsx bench/first-screen-js.ts` (builds first when the sources changed since the last build).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine, writeSection } from './results';

const budgetKb = 75;
const port = 3918;
const root = join(import.meta.dirname, '..');
const webDir = join(root, 'dist', 'web');

if (spawnSync('node scripts/build-stamp.js check', { cwd: root, shell: true }).status !== 0) {
  const build = spawnSync('npm run build', { cwd: root, shell: true, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

/** The scripts a page loads or preloads before its first interaction. */
const scriptsOf = (html: string) =>
  [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ...html.matchAll(/<script(?![^>]*type="module")[^>]+src="([^"]+)"/g),
  ].map((m) => m[1] as string);
const urls = scriptsOf(readFileSync(join(webDir, 'index.html'), 'utf8'));
// Issue 30: the booking page inside a frame on the business's site, as /embed.js opens it
const framedPage = `/?tintbook_host=${encodeURIComponent('https://www.example.com.au/book?gclid=x')}`;
const embedBudgetKb = 3;

/** Body bytes of a GET as sent, and the encoding the server chose. */
function wireBytes(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const req = request(
      `http://127.0.0.1:${port}${url}`,
      { headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'none' });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-bench-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  stdio: 'ignore',
});
const exited = new Promise((resolve) => server.on('exit', resolve));
while (!(await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.ok) {
  await new Promise((r) => setTimeout(r, 50));
}

async function measure(url: string) {
  const raw = readFileSync(join(webDir, url)).length;
  const br = await wireBytes(url, 'gzip, deflate, br');
  const gzip = await wireBytes(url, 'gzip');
  return { url, raw, br: br.bytes, brEncoding: br.encoding, gzip: gzip.bytes };
}
const rows = await Promise.all([...new Set(urls)].map(measure));
const framedUrls = scriptsOf(await (await fetch(`http://127.0.0.1:${port}${framedPage}`)).text());
const embed = await measure('/embed.js');
const lazyUrls = readdirSync(join(webDir, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `/assets/${name}`)
  .filter((url) => !urls.includes(url));
const lazyRows = (await Promise.all(lazyUrls.map(measure))).sort((a, b) => b.br - a.br);
server.kill('SIGTERM');
await exited;
rmSync(dataDir, { recursive: true, force: true });

const kb = (n: number) => (n / 1024).toFixed(1);
const sum = (list: typeof rows, key: 'raw' | 'br' | 'gzip') =>
  list.reduce((total, r) => total + r[key], 0);
const total = sum(rows, 'br');
const verdict = total / 1024 <= budgetKb ? 'within' : 'OVER';
// a file too small to gain from compression is sent as it is ("none")
const tableOf = (list: typeof rows) =>
  list
    .map((r) => `| \`${r.url}\` | ${kb(r.raw)} | ${kb(r.br)} (${r.brEncoding}) | ${kb(r.gzip)} |`)
    .join('\n');

await writeSection(
  'first-screen-js',
  `## JavaScript of the first screen (\`/\`)

${machine()}. \`bench/first-screen-js.ts\`: the scripts index.html loads or preloads, fetched from
the built server (\`node dist/server/main.js\`) as a browser accepting brotli gets them on a cold
load; bytes of the bodies on the wire (the build's precompressed \`.br\`/\`.gz\` files), headers
aside. Budget ≤ ${budgetKb} KB brotli: **${kb(total)} KB, ${verdict} budget**.

| file | raw KB | on the wire KB (encoding) | gzip-only client KB |
|---|---|---|---|
${tableOf(rows)}
| **total** | ${kb(sum(rows, 'raw'))} | **${kb(total)}** | ${kb(sum(rows, 'gzip'))} |

Loaded later (on the first interaction, on the preloads 2 s and 5 s after start, or when the
screen opens), what each adds:

| file | raw KB | on the wire KB (encoding) | gzip-only client KB |
|---|---|---|---|
${tableOf(lazyRows)}`,
);

const sameScripts = JSON.stringify(framedUrls) === JSON.stringify(urls);
const embedVerdict = embed.br / 1024 <= embedBudgetKb ? 'within' : 'OVER';
await writeSection(
  'embed-js',
  `## The embed on the business's own site (issue 30)

${machine()}. \`bench/first-screen-js.ts\`, the same server and run as above. What a page of the
business's site loads for the booking flow: \`/embed.js\` (loaded \`async\`; budget ≤
${embedBudgetKb} KB brotli), then, inside the frame, the page \`${framedPage}\`.

| what | raw KB | on the wire KB (encoding) | gzip-only client KB |
|---|---|---|---|
${tableOf([embed])}
| the frame's first screen: ${sameScripts ? `the same ${framedUrls.length} scripts as \`/\`` : `**${framedUrls.length} scripts, not those of \`/\`**`} | ${kb(sum(rows, 'raw'))} | ${kb(total)} (${verdict} the ${budgetKb} KB budget) | ${kb(sum(rows, 'gzip'))} |
| **embed.js and the frame's first screen** | ${kb(embed.raw + sum(rows, 'raw'))} | **${kb(embed.br + total)}** | ${kb(embed.gzip + sum(rows, 'gzip'))} |

\`/embed.js\`: **${kb(embed.br)} KB brotli, ${embedVerdict} budget**.`,
);
console.log(
  `first screen JS: ${kb(total)} KB brotli on the wire (${verdict} the ${budgetKb} KB budget)`,
);
console.log(
  `embed.js: ${kb(embed.br)} KB brotli (${embedVerdict} ${embedBudgetKb} KB); framed page loads ${sameScripts ? 'the same scripts' : 'OTHER scripts'}`,
);
if (verdict === 'OVER' || embedVerdict === 'OVER' || !sameScripts) process.exitCode = 1;
