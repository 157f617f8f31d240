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

const html = readFileSync(join(webDir, 'index.html'), 'utf8');
const urls = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ...html.matchAll(/<script(?![^>]*type="module")[^>]+src="([^"]+)"/g),
].map((m) => m[1] as string);

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
console.log(
  `first screen JS: ${kb(total)} KB brotli on the wire (${verdict} the ${budgetKb} KB budget)`,
);
if (verdict === 'OVER') process.exitCode = 1;
