// Test helpers for the upload tests: multipart bodies, generated fixtures, a lead to upload to.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { uploadedFiles } from '#server/db/schema/index.ts';

export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, parts in the given order. */
export function multipartBody(parts: Part[]) {
  const boundary = `----tintbook${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const filePart = (value: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => ({
  name: 'file',
  value,
  filename,
  contentType,
});

/** POST /api/uploads?sessionId=… with the given parts (a single file part by default). */
export function postUpload(t: TestApp, sessionId: string | undefined, parts: Part[]) {
  const { payload, headers } = multipartBody(parts);
  const query = sessionId === undefined ? '' : `?sessionId=${sessionId}`;
  return t.app.inject({ method: 'POST', url: `/api/uploads${query}`, payload, headers });
}

/** A customer and the lead of a fresh browser session, made through the API as the browser does. */
export async function createLeadSession(t: TestApp): Promise<string> {
  const sessionId = randomUUID();
  const customer = await t.app.inject({
    method: 'POST',
    url: '/api/customers',
    payload: makeCustomerInput({ sessionId }),
  });
  const customerId = customer.json().customer.id as string;
  const lead = await t.app.inject({
    method: 'POST',
    url: '/api/leads',
    payload: makeLeadInput({ sessionId, customerId }),
  });
  if (lead.statusCode !== 201) throw new Error(`lead not created: ${lead.body}`);
  return sessionId;
}

export interface UploadTestApp {
  t: TestApp;
  /** With { lead: true }: the session of a lead to upload to. */
  sessionId: string;
}

/**
 * A test app with an upload folder of its own (and a public budget no test runs out of), made
 * before the describe's tests and removed after them. `ready` receives it once it is up.
 */
export function useUploadApp(ready: (app: UploadTestApp) => void, { lead = false } = {}) {
  let t: TestApp | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tintbook-uploads-'));
    t = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT_PUBLIC_MAX: '1000' });
    ready({ t, sessionId: lead ? await createLeadSession(t) : '' });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
}

/** Every file under the upload folders (stored, thumbnails, spooled), relative names. */
export async function filesOnDisk(t: TestApp): Promise<string[]> {
  const { uploadsDir, tmpDir } = t.app.config.storage;
  const list = async (dir: string) => {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  };
  return [...(await list(uploadsDir)), ...(await list(tmpDir))].sort();
}

/** Runs a refused upload and shows it left no row and no file anywhere (temp files included). */
export async function expectNothingStored(t: TestApp, send: () => ReturnType<typeof postUpload>) {
  const [filesBefore, rowsBefore] = [
    await filesOnDisk(t),
    await t.database.db.$count(uploadedFiles),
  ];
  const res = await send();
  expect(await filesOnDisk(t)).toEqual(filesBefore);
  expect(await t.database.db.$count(uploadedFiles)).toBe(rowsBefore);
  return res;
}

export const gpsExif = {
  IFD0: { Make: 'TintBookTestCam' },
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '37/1 48/1 51/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '144/1 57/1 47/1',
  },
};

const canvas = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });

/** A phone-like JPEG: GPS position, camera make, and Orientation 6 (taken rotated). */
export const jpegWithGps = () =>
  canvas().withExif(gpsExif).withMetadata({ orientation: 6 }).jpeg().toBuffer();

/** Whether an EXIF block holds a GPS directory (the GPSInfo pointer, tag 0x8825). */
export const hasGpsDirectory = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
export const png = () => canvas(200, 100).withExif(gpsExif).png().toBuffer();
export const webp = () => canvas(200, 100).withExif(gpsExif).webp().toBuffer();

/**
 * A HEIC as the HEIF container holds it, with an Exif item: sharp writes AVIF (its libheif has
 * no HEVC encoder), and the brand is set to 'heic'. The container layout is the same.
 */
export async function heicWithExif(): Promise<Buffer> {
  const avif = await canvas(64, 64).withExif(gpsExif).avif().toBuffer();
  avif.write('heic', 8, 'latin1');
  return avif;
}

export const pdf = (size = 1024) => {
  const body = Buffer.alloc(size, 0x20);
  body.write('%PDF-1.7\n');
  body.write('\n%%EOF\n', size - 7);
  return body;
};

/** The start of a Linux executable, padded: what a renamed program looks like. */
export const elf = () => {
  const body = Buffer.alloc(8192);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(body);
  return body;
};
