import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { packageRoot } from '#server/lib/package-root.ts';
import { buildIfChanged } from '#tests/helpers/build-once.ts';
import { startServerProcess } from '#tests/helpers/server-process.ts';

// Issue 17: the headers as a browser receives them from the built app, served by the built
// server (`node dist/server/main.js`, as `npm start` runs it) over a real socket. The build is
// made first when the sources changed since the last one (the stamp `npm start` checks too).
const webDir = join(packageRoot, 'dist', 'web');
const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-delivery-'));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers, and the bytes as they came over the wire. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe.runIf(inject('dbDriver') === 'pglite')('delivery of the built app (real server)', () => {
  let server: ReturnType<typeof startServerProcess>;
  let base = '';
  let entryScript = '';
  beforeAll(async () => {
    buildIfChanged();
    server = startServerProcess(
      { DATA_DIR: dataDir, NODE_ENV: 'production' },
      { entry: 'dist/server/main.js' },
    );
    base = `http://127.0.0.1:${new URL(await server.ready).port}`;
    const html = readFileSync(join(webDir, 'index.html'), 'utf8');
    entryScript = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1] ?? '';
    expect(entryScript).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  }, 180_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a hashed script in brotli when asked, cached for a year as immutable', async () => {
    const res = await get(base, entryScript, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const original = readFileSync(join(webDir, entryScript));
    expect(brotliDecompressSync(res.body).equals(original)).toBe(true);
    expect(res.body.length).toBeLessThan(original.length / 3);
  });

  it('sends gzip to a client without brotli, and the file itself to one without either', async () => {
    const original = readFileSync(join(webDir, entryScript));
    const gzipped = await get(base, entryScript, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(original)).toBe(true);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get(base, entryScript);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('has index.html revalidated every time (no-cache, ETag), and 304 when unchanged', async () => {
    const first = await get(base, '/', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await get(base, '/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // a deep link is the same page, revalidated the same way
    const deep = await get(base, '/booking', { 'accept-encoding': 'br' });
    expect(deep.status).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(deep.body).toString()).toContain('<div id="root">');
  });

  it('has the unhashed public files revalidated too', async () => {
    const res = await get(base, '/theme-init.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
  });

  it('publishes no source map', async () => {
    const res = await get(base, `${entryScript}.map`);
    expect(res.status).toBe(404);
    const published = readdirSync(webDir, { recursive: true }) as string[];
    expect(published.filter((name) => name.endsWith('.map'))).toEqual([]);
    // and no script points at one
    expect(readFileSync(join(webDir, entryScript), 'utf8')).not.toContain('sourceMappingURL');
  });

  it('compresses JSON answers of 1 KB and more, and leaves smaller ones as they are', async () => {
    const large = await get(base, '/api/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(large.body).toString()).openapi).toBe('3.1.0');
    const small = await get(base, '/health', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
