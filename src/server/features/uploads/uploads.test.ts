import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/helpers/test-app.ts';
import { uploadedFiles } from '#server/db/schema/index.ts';
import {
  createLeadSession,
  expectNothingStored,
  filePart,
  hasGpsDirectory,
  heicWithExif,
  jpegWithGps,
  pdf,
  png,
  postUpload,
  useUploadApp,
  webp,
} from '#tests/helpers/upload-kit.ts';

describe('POST /api/uploads', () => {
  let t: TestApp;
  let sessionId: string;
  useUploadApp((app) => ({ t, sessionId } = app), { lead: true });

  const rowOf = async (id: string) =>
    (await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id)))[0];
  const storedBytes = (name: string) => readFile(join(t.app.config.storage.uploadsDir, name));

  it('stores a phone photo without its EXIF and GPS, upright, with a 320 px thumbnail', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 640, height: 480, orientation: 6 });
    expect(hasGpsDirectory(before.exif)).toBe(true);
    expect(original.includes('TintBookTestCam')).toBe(true);

    const res = await postUpload(t, sessionId, [filePart(original, 'IMG_0042.JPG')]);
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file).toEqual({
      id: expect.any(String),
      name: 'IMG_0042.JPG',
      size: original.length,
      type: 'image/jpeg',
      uploadStatus: 'uploaded',
      s3Url: null,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      hasThumbnail: true,
    });

    const row = await rowOf(file.id);
    expect(row).toMatchObject({ sessionId, contentType: 'image/jpeg', uploadStatus: 'uploaded' });
    expect(row!.storedName).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const stored = await storedBytes(row!.storedName);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 480, height: 640 }); // turned upright
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('TintBookTestCam')).toBe(false);

    const thumb = await readFile(
      join(t.app.config.storage.uploadsDir, 'thumbnails', row!.thumbnailName!),
    );
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 320 });
  });

  it('accepts PNG, WebP and PDF, recognised by content whatever their name and declared type', async () => {
    const cases = [
      { body: await png(), type: 'image/png', name: 'window.png' },
      { body: await webp(), type: 'image/webp', name: 'window.bin' },
      { body: pdf(), type: 'application/pdf', name: 'quote.txt' },
    ];
    for (const { body, type, name } of cases) {
      const res = await postUpload(t, sessionId, [
        filePart(body, name, 'application/octet-stream'),
      ]);
      expect(res.statusCode, type).toBe(201);
      expect(res.json().file).toMatchObject({ type, name, size: body.length });
      const row = await rowOf(res.json().file.id);
      if (type === 'application/pdf') {
        expect(await storedBytes(row!.storedName)).toEqual(body); // documents are kept as sent
        expect(row!.thumbnailName).toBeNull();
      } else {
        expect((await sharp(body).metadata()).exif).toBeDefined();
        expect((await sharp(await storedBytes(row!.storedName)).metadata()).exif).toBeUndefined();
      }
    }
  });

  it('keeps a HEIC picture as sent but blanks its Exif item (GPS included)', async () => {
    const original = await heicWithExif();
    expect(original.includes('TintBookTestCam')).toBe(true);
    const res = await postUpload(t, sessionId, [filePart(original, 'IMG_7.HEIC', '')]);
    expect(res.statusCode).toBe(201);
    expect(res.json().file).toMatchObject({ type: 'image/heic', size: original.length });
    const row = await rowOf(res.json().file.id);
    const stored = await storedBytes(row!.storedName);
    expect(row!.storedName).toMatch(/\.heic$/);
    expect(stored.length).toBe(original.length);
    expect(stored.includes('TintBookTestCam')).toBe(false);
    expect(stored.subarray(0, 300)).toEqual(original.subarray(0, 300)); // container untouched

    // one whose metadata cannot be located is refused rather than stored with its GPS
    const headerOnly = original.subarray(0, original.readUInt32BE(0)); // the ftyp box alone
    const res2 = await expectNothingStored(t, () =>
      postUpload(t, sessionId, [filePart(headerOnly, 'IMG_8.HEIC', '')]),
    );
    expect(res2.statusCode).toBe(422);
  });

  it('takes the session id from a form field sent before the file', async () => {
    const res = await postUpload(t, undefined, [
      { name: 'sessionId', value: sessionId },
      filePart(await png(), 'field-first.png'),
    ]);
    expect(res.statusCode).toBe(201);
  });

  it('cleans the file name: no folders, no control or direction characters, 255 at most', async () => {
    const [body, own] = [await png(), await createLeadSession(t)];
    const sneaky = await postUpload(t, own, [
      filePart(body, 'C:\\Users\\me\\..\\evil\u202Egnp.exe', 'image/png'),
    ]);
    expect(sneaky.json().file.name).toBe('evilgnp.exe');
    const long = await postUpload(t, own, [filePart(body, `${'é'.repeat(300)}.png`)]);
    expect(long.json().file.name).toBe(`${'é'.repeat(251)}.png`);
  });
});
