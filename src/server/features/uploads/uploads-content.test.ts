import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, signInAs } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { startFakeS3, type FakeS3 } from '#server/integrations/storage/fake-s3-server.ts';
import {
  createLeadSession,
  filePart,
  jpegWithGps,
  pdf,
  png,
  postUpload,
  useUploadApp,
} from '#tests/helpers/upload-kit.ts';

describe('reading uploaded files', () => {
  let t: TestApp;
  /** Cookie of a signed-in staff member: files are read through the real, guarded routes. */
  let staffCookie: string;
  useUploadApp((app) => ({ t } = app));
  beforeAll(async () => {
    const staff = await createStaff(t.database.db);
    staffCookie = await signInAs(t.app, staff.email);
  });

  it('refuses anonymous callers with 401, whether the file exists or not, before validation', async () => {
    const sessionId = await createLeadSession(t);
    const { file } = (await postUpload(t, sessionId, [filePart(await png(), 'a.png')])).json();
    for (const url of [
      `/api/uploads/${file.id}/content`,
      `/api/uploads/${file.id}/thumbnail`,
      `/api/uploads/${randomUUID()}/content`,
      '/api/uploads/not-a-uuid/content',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } });
    }
  });

  it('sends the stored file as a download of its real type, never sniffed', async () => {
    const sessionId = await createLeadSession(t);
    const name = 'Küche – west 50%.pdf';
    const body = pdf(4096);
    const { file } = (await postUpload(t, sessionId, [filePart(body, name, 'text/html')])).json();

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${file.id}/content`,
      headers: { cookie: staffCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="K_che _ west 50_.pdf"; filename*=UTF-8''K%C3%BCche%20%E2%80%93%20west%2050%25.pdf`,
    );
    expect(res.rawPayload).toEqual(body);
  });

  it('saves a download under the extension of its real type, and sends the thumbnail', async () => {
    const sessionId = await createLeadSession(t);
    const upload = await postUpload(t, sessionId, [filePart(await jpegWithGps(), 'x.html')]);
    const { id } = upload.json().file;

    const content = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/content`,
      headers: { cookie: staffCookie },
    });
    expect(content.headers['content-type']).toBe('image/jpeg');
    expect(content.headers['content-disposition']).toMatch(/^attachment; filename="x\.jpg"/);

    const thumb = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/thumbnail`,
      headers: { cookie: staffCookie },
    });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toMatch(/filename="x-thumbnail\.webp"/);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320 });

    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${randomUUID()}/content`,
      headers: { cookie: staffCookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('uploads with S3-compatible storage configured', () => {
  let s3: FakeS3;
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startFakeS3();
    dataDir = await mkdtemp(join(tmpdir(), 'tintbook-uploads-'));
    t = await createTestApp({
      DATA_DIR: dataDir,
      S3_BUCKET: 'tintbook-files',
      S3_REGION: 'ap-southeast-4',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores the cleaned photo and its thumbnail in the bucket and fills s3Url', async () => {
    const sessionId = await createLeadSession(t);
    const res = await postUpload(t, sessionId, [filePart(await jpegWithGps())]);
    expect(res.statusCode).toBe(201);
    const { s3Url } = res.json().file;
    expect(s3Url).toMatch(/^s3:\/\/tintbook-files\/uploads\/[0-9a-f-]{36}\.jpg$/);

    const key = s3Url.replace('s3://', '');
    const stored = s3.objects.get(key);
    expect(stored?.contentType).toBe('image/jpeg');
    expect((await sharp(stored!.body).metadata()).exif).toBeUndefined();
    const thumbnails = [...s3.objects.keys()].filter((k) => k.includes('/uploads/thumbnails/'));
    expect(thumbnails).toHaveLength(1);

    const big = await postUpload(t, sessionId, [filePart(pdf(12 * 1024 * 1024), 'plans.pdf')]);
    expect(big.statusCode).toBe(201);
    expect(s3.objects.get(big.json().file.s3Url.replace('s3://', ''))?.body.length).toBe(
      12 * 1024 * 1024,
    );
  });
});
