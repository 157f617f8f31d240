import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/helpers/test-app.ts';
import { uploadMessages } from '#shared/uploads/uploads.contract.ts';
import {
  elf,
  expectNothingStored,
  filePart,
  jpegWithGps,
  pdf,
  png,
  postUpload,
  useUploadApp,
} from '#tests/helpers/upload-kit.ts';

describe('POST /api/uploads refusals', () => {
  let t: TestApp;
  let sessionId: string;
  useUploadApp((app) => ({ t, sessionId } = app), { lead: true });

  it('refuses a renamed program with 415 and stores nothing', async () => {
    const res = await expectNothingStored(t, () =>
      postUpload(t, sessionId, [filePart(elf(), 'photo.jpg', 'image/jpeg')]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: uploadMessages.typeNotAllowed,
    });
  });

  it('refuses a file over 15 MB with 413 and stores nothing; exactly 15 MB is fine', async () => {
    const res = await expectNothingStored(t, () =>
      postUpload(t, sessionId, [filePart(pdf(16 * 1024 * 1024), 'plans.pdf', 'application/pdf')]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: uploadMessages.tooLarge });

    const limit = await postUpload(t, sessionId, [filePart(pdf(15 * 1024 * 1024), 'plans.pdf')]);
    expect(limit.statusCode).toBe(201);
  });

  it('refuses a picture that only looks like one at the start (422)', async () => {
    const damaged = Buffer.concat([(await jpegWithGps()).subarray(0, 200), Buffer.alloc(5000, 7)]);
    const res = await expectNothingStored(t, () => postUpload(t, sessionId, [filePart(damaged)]));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(uploadMessages.unreadable);
  });

  it('refuses two files in one request (400) and stores neither', async () => {
    const body = await png();
    const res = await expectNothingStored(t, () =>
      postUpload(t, sessionId, [filePart(body, 'a.png'), filePart(body, 'b.png')]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(uploadMessages.oneFileAtATime);
  });

  it('needs the lead of the session first (409) and a valid session id (400)', async () => {
    const body = await png();
    const noLead = await expectNothingStored(t, () =>
      postUpload(t, randomUUID(), [filePart(body)]),
    );
    expect(noLead.statusCode).toBe(409);
    expect(noLead.json().error).toEqual({
      code: 'CONTACT_DETAILS_REQUIRED',
      message: 'Please complete your contact details first.',
    });

    const bad = await postUpload(t, 'not-a-uuid', [filePart(body)]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ sessionId: 'Invalid session id' });

    const missing = await postUpload(t, undefined, [filePart(body)]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ sessionId: 'Invalid session id' });
  });

  it('answers a request that is not multipart with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/uploads?sessionId=${sessionId}`,
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });
});
