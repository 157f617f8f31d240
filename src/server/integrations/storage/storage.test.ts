import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3-server';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

const read = async (storage: FileStorage, key: string) => {
  const stream = await storage.get(key);
  return stream ? buffer(stream) : null;
};

describe('local disk storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tintbook-storage-'));
    storage = createLocalStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores, reads back and removes a streamed file, creating sub-folders', async () => {
    expect(await storage.put('thumbnails/a.webp', Readable.from(['hello']), 'image/webp')).toEqual({
      url: null,
    });
    expect((await storage.get('thumbnails/a.webp'))?.readable).toBe(true);
    expect(await text((await storage.get('thumbnails/a.webp'))!)).toBe('hello');
    await storage.remove('thumbnails/a.webp');
    expect(await storage.get('thumbnails/a.webp')).toBeNull();
    await storage.remove('thumbnails/a.webp'); // removing twice is fine
  });

  it('leaves nothing behind when the body fails half-way', async () => {
    async function* failing() {
      yield 'half';
      throw new Error('client went away');
    }
    await expect(storage.put('b.pdf', Readable.from(failing()), 'application/pdf')).rejects.toThrow(
      'client went away',
    );
    expect(await readdir(root, { recursive: true })).not.toContain('b.pdf');
    expect((await readdir(root)).filter((name) => name.startsWith('b.pdf'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'x/y/z']) {
      await expect(storage.put(key, Readable.from(['x']), 'text/plain')).rejects.toThrow('unsafe');
    }
  });
});

describe('S3 storage, against a local server speaking the S3 protocol', () => {
  let s3: FakeS3;
  let storage: FileStorage;
  beforeAll(async () => {
    s3 = await startFakeS3();
    storage = createS3Storage({
      bucket: 'tintbook-test',
      region: 'ap-southeast-4',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      forcePathStyle: true,
    });
  });
  afterAll(() => s3.close());

  it('puts a small file in one request and names it with an s3:// address', async () => {
    const put = await storage.put(
      'one.pdf',
      Readable.from([Buffer.from('%PDF-1.7')]),
      'application/pdf',
    );
    expect(put.url).toBe('s3://tintbook-test/uploads/one.pdf');
    expect(s3.objects.get('tintbook-test/uploads/one.pdf')).toEqual({
      body: Buffer.from('%PDF-1.7'),
      contentType: 'application/pdf',
    });
    expect(await read(storage, 'one.pdf')).toEqual(Buffer.from('%PDF-1.7'));
  });

  it('streams a file larger than one part as a multipart upload', async () => {
    const body = randomBytes(11 * 1024 * 1024);
    // handed over in 64 KiB chunks, as a request body arrives
    const chunks = Array.from({ length: body.length / 65536 }, (_, i) =>
      body.subarray(i * 65536, (i + 1) * 65536),
    );
    await storage.put('big.jpg', Readable.from(chunks), 'image/jpeg');
    expect(s3.objects.get('tintbook-test/uploads/big.jpg')?.body.equals(body)).toBe(true);
    expect(s3.requests.filter((r) => r.includes('partNumber='))).toHaveLength(3);
  });

  it('answers null for a missing key and removes keys', async () => {
    expect(await storage.get('missing.jpg')).toBeNull();
    await storage.remove('one.pdf');
    expect(s3.objects.has('tintbook-test/uploads/one.pdf')).toBe(false);
  });
});
