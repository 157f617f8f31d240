import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/helpers/test-app.ts';
import {
  createLeadSession,
  filePart,
  pdf,
  png,
  postUpload,
  useUploadApp,
} from '#tests/helpers/upload-kit.ts';

// Issue 15 item 6: the Files step shows the thumbnail the server made, to the session that
// uploaded the photo only; the session id travels in a header, never in the URL.
describe('GET /api/uploads/:id/preview (the customer sees their own thumbnail)', () => {
  let t: TestApp;
  useUploadApp((app) => ({ t } = app));

  const preview = (id: string, sessionId?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/preview`,
      headers: sessionId === undefined ? {} : { 'x-session-id': sessionId },
    });

  it('answers the WebP thumbnail of a photo to the session that uploaded it', async () => {
    const sessionId = await createLeadSession(t);
    const upload = await postUpload(t, sessionId, [filePart(await png(), 'window.png')]);
    expect(upload.statusCode, upload.body).toBe(201);
    const { file } = upload.json();
    expect(file.hasThumbnail).toBe(true);

    const res = await preview(file.id, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
  });

  it("is 404 for another session's photo, a file without a thumbnail and an unknown id", async () => {
    const owner = await createLeadSession(t);
    const other = await createLeadSession(t);
    const photo = (await postUpload(t, owner, [filePart(await png(), 'a.png')])).json().file;
    const document = (
      await postUpload(t, owner, [filePart(pdf(), 'plan.pdf', 'application/pdf')])
    ).json().file;
    expect(document.hasThumbnail).toBe(false);

    for (const [id, session] of [
      [photo.id, other],
      [photo.id, randomUUID()],
      [document.id, owner],
      [randomUUID(), owner],
    ] as const) {
      const res = await preview(id, session);
      expect(res.statusCode, `${id} ${session}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a missing or malformed session header, and a session id in the query', async () => {
    const owner = await createLeadSession(t);
    const photo = (await postUpload(t, owner, [filePart(await png(), 'a.png')])).json().file;
    expect((await preview(photo.id)).statusCode).toBe(400);
    expect((await preview(photo.id, 'not-a-uuid')).statusCode).toBe(400);
    const inQuery = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${photo.id}/preview?sessionId=${owner}`,
    });
    expect(inQuery.statusCode).toBe(400);
  });
});
