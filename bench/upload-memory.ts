// Memory of the server while a 15 MB file streams in over real HTTP: buildApp + listen in this
// process (PGlite in memory, local storage in a temp dir), process.memoryUsage().rss sampled
// every 5 ms during each upload. `npx tsx --expose-gc bench/upload-memory.ts`.
// The fixtures are made in a child process, so making them does not inflate this process.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { machine, writeSection } from './results';

const target = 15 * 1024 * 1024 - 64 * 1024; // just under the limit, multipart headers included

async function makeFixtures(dir: string) {
  writeFileSync(
    join(dir, 'plans.pdf'),
    Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(target - 9)]),
  );
  // random noise barely compresses: a 15 MB JPEG at about 9 megapixels
  const jpeg = async (width: number, height: number) =>
    sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
  let [width, height] = [3000, 2250];
  let photo = await jpeg(width, height);
  const scale = Math.sqrt(target / photo.length) * 0.995;
  [width, height] = [Math.floor(width * scale), Math.floor(height * scale)];
  photo = await jpeg(width, height);
  writeFileSync(join(dir, 'photo.jpg'), photo);
}

if (process.argv[2] === '--fixtures') {
  await makeFixtures(process.argv[3] as string);
  process.exit(0);
}

const { buildApp } = await import('../src/server/app');
const { loadConfig } = await import('../src/server/config');
const { openDatabase } = await import('../src/server/db/client');

const dir = mkdtempSync(join(tmpdir(), 'tintbook-upload-bench-'));
const made = spawnSync(
  process.execPath,
  [...process.execArgv, import.meta.filename, '--fixtures', dir],
  {
    stdio: 'inherit',
  },
);
if (made.status !== 0) throw new Error('could not make the fixtures');

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: join(dir, 'data'),
  RATE_LIMIT_PUBLIC_MAX: '1000',
});
const database = await openDatabase({ driver: 'pglite', dataDir: 'memory' });
const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function post(path: string, body: object) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, { id: string }>;
}
const sessionId = randomUUID();
const customer = await post('/api/customers', {
  firstName: 'Bench',
  lastName: 'Mark',
  email: `bench.${randomUUID().slice(0, 8)}@example.com`,
  phone: '0412 345 678',
  address: '12 Smith Street, Fitzroy VIC 3065',
});
await post('/api/leads', {
  sessionId,
  customerId: customer.customer?.id,
  bookingOption: 'estimate',
  contactFormData: {
    firstName: 'Bench',
    lastName: 'Mark',
    email: 'bench@example.com',
    phone: '0412 345 678',
    address: '12 Smith Street, Fitzroy VIC 3065',
  },
});

/** Streams the file from disk as one multipart part, as a browser does. */
function upload(file: string, type: string): Promise<number> {
  const boundary = `----bench${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(join(dir, file)).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/uploads?sessionId=${sessionId}`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': length,
      },
    });
    req.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)));
    pipeline(async function* () {
      yield head;
      yield* createReadStream(join(dir, file));
      yield tail;
    }, req).catch(reject);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
async function measure(file: string, type: string) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const status = await upload(file, type);
  const ms = Math.round(performance.now() - started);
  clearInterval(sampler);
  loop.disable();
  peak = Math.max(peak, process.memoryUsage().rss);
  const size = statSync(join(dir, file)).size;
  const maxLag = Math.round(loop.max / 1e6);
  return { file, status, size, before, peak, growth: peak - before, ms, maxLag };
}

// Warm-up: loads sharp, file-type and the upload paths; lets the address gazetteer finish loading.
await upload('plans.pdf', 'application/pdf');
await upload('photo.jpg', 'image/jpeg');
await new Promise((resolve) => setTimeout(resolve, 3000));
const gc = (globalThis as { gc?: () => void }).gc;
/** Three runs of each; the one with the largest growth is reported. */
async function worstOf(file: string, type: string) {
  const results = [];
  for (let i = 0; i < 3; i++) {
    gc?.();
    results.push(await measure(file, type));
  }
  return results.sort((a, b) => b.growth - a.growth)[0]!;
}
const runs = [
  await worstOf('plans.pdf', 'application/pdf'),
  await worstOf('photo.jpg', 'image/jpeg'),
];
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });

const rows = runs.map(
  (r) =>
    `| ${r.file === 'photo.jpg' ? 'JPEG photo (re-encoded without metadata + thumbnail)' : 'PDF (stored as sent)'} | ${mb(r.size)} | ${r.status} | ${mb(r.before)} | **${mb(r.peak)}** | **${mb(r.growth)}** | ${r.ms} ms | ${r.maxLag} ms |`,
);
await writeSection(
  'upload-memory',
  `## Upload memory: one 15 MB file over real HTTP

${machine()}. \`bench/upload-memory.ts\`: the app in this process (PGlite in memory, local disk
storage), the file streamed from disk as \`multipart/form-data\`, \`process.memoryUsage().rss\`
sampled every 5 ms during the upload, after a warm-up upload of each kind; worst of three runs.
Growth = peak minus the RSS just before the upload (after a GC); "loop lag" is the longest
event-loop delay seen meanwhile (PGlite runs its queries on the main thread).

| file | size | status | RSS before | peak RSS | growth | time | loop lag |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`,
);
for (const r of runs)
  console.log(
    r.file,
    r.status,
    'rss before',
    mb(r.before),
    'peak',
    mb(r.peak),
    'growth',
    mb(r.growth),
    `${r.ms} ms`,
    `lag ${r.maxLag} ms`,
  );
