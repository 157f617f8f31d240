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
import { chromium } from '@playwright/test';
import { openDatabase } from '#server/db/client.ts';
import { saveSetting } from '#server/features/admin-settings/admin-settings.service.ts';
import { SettingSecrets } from '#server/lib/setting-secrets.ts';
import { chromiumPath } from '#tests/e2e/browser.ts';
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
const hostPage = `http://127.0.0.1:${port}/__bench-host`;
const framedPage = `/?tintbook_host=${encodeURIComponent(`${hostPage}?gclid=x`)}`;
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
// a listed site lets the pages be framed: by it, and by the app's own origin ('self')
const seeding = await openDatabase({ driver: 'pglite', dataDir });
await saveSetting(seeding.db, new SettingSecrets(undefined), 'embed_allowed_origins', {
  value: ['https://www.example.com.au'],
});
await seeding.close();
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
/**
 * The scripts the framed page fetches before its first interaction, with their bodies' bytes as
 * Chromium received them: a page of the app's origin frames it, as /embed.js would.
 */
async function framedFirstScreen() {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.route(hostPage, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Host</title><iframe title="Booking" src="${framedPage}"></iframe>`,
      }),
    );
    const sizes: Promise<{ url: string; br: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script' || request.frame() === page.mainFrame()) return;
      const url = new URL(request.url()).pathname;
      sizes.push(request.sizes().then((size) => ({ url, br: size.responseBodySize })));
    });
    await page.goto(hostPage);
    await page.waitForLoadState('networkidle');
    await page.frameLocator('iframe').getByRole('heading', { level: 1 }).waitFor();
    return await Promise.all(sizes);
  } finally {
    await browser.close();
  }
}

const rows = await Promise.all([...new Set(urls)].map(measure));
const framedRows = await framedFirstScreen();
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

const framedTotal = framedRows.reduce((total, r) => total + r.br, 0);
const framedVerdict = framedTotal / 1024 <= budgetKb ? 'within' : 'OVER';
const embedVerdict = embed.br / 1024 <= embedBudgetKb ? 'within' : 'OVER';
await writeSection(
  'embed-js',
  `## The embed on the business's own site (issue 30)

${machine()}. \`bench/first-screen-js.ts\`, the same server and run as above. What a page of the
business's site loads for the booking flow: \`/embed.js\` (loaded \`async\`; budget ≤
${embedBudgetKb} KB brotli), then, inside the frame, the page \`${framedPage}\`: the scripts
headless Chromium fetched for the frame before anyone touched it, with their bodies' bytes as
received (budget ≤ ${budgetKb} KB, as for \`/\`).

| what | on the wire KB |
|---|---|
| \`/embed.js\` (on the host page) | ${kb(embed.br)} (${embed.brEncoding}) |
${framedRows.map((r) => `| \`${r.url}\` (in the frame) | ${kb(r.br)} |`).join('\n')}
| **the frame's first screen** | **${kb(framedTotal)}, ${framedVerdict} budget** |

\`/embed.js\`: **${kb(embed.br)} KB brotli, ${embedVerdict} budget**.`,
);
console.log(
  `first screen JS: ${kb(total)} KB brotli on the wire (${verdict} the ${budgetKb} KB budget)`,
);
console.log(
  `embed.js: ${kb(embed.br)} KB brotli (${embedVerdict} ${embedBudgetKb} KB); the frame's first screen: ${kb(framedTotal)} KB (${framedVerdict} the ${budgetKb} KB budget)`,
);
if ([verdict, embedVerdict, framedVerdict].includes('OVER')) process.exitCode = 1;
