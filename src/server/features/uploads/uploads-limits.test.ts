import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/helpers/test-app.ts';
import { uploadLimits } from '#shared/uploads/uploads.contract.ts';
import { uploadedFiles } from '#server/db/schema/index.ts';
import {
  createLeadSession,
  filePart,
  filesOnDisk,
  pdf,
  postUpload,
  useUploadApp,
} from '#tests/helpers/upload-kit.ts';

describe('at most 10 files per lead', () => {
  let t: TestApp;
  useUploadApp((app) => ({ t } = app));

  const upload = (sessionId: string, i: number) =>
    postUpload(t, sessionId, [filePart(pdf(2048), `page-${i}.pdf`, 'application/pdf')]);
  const filesOfSession = (sessionId: string) =>
    t.database.db.$count(uploadedFiles, eq(uploadedFiles.sessionId, sessionId));

  it('refuses the 11th file with 409; another lead keeps its own count', async () => {
    const [first, second] = [await createLeadSession(t), await createLeadSession(t)];
    for (let i = 1; i <= uploadLimits.maxFilesPerLead; i++) {
      expect((await upload(first, i)).statusCode).toBe(201);
    }
    const eleventh = await upload(first, 11);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toEqual({
      code: 'TOO_MANY_FILES',
      message: 'You can upload at most 10 files.',
    });
    expect(await filesOfSession(first)).toBe(10);

    expect((await upload(second, 1)).statusCode).toBe(201);
    expect(await filesOfSession(second)).toBe(1);
  });

  it('lets only as many racing uploads in as there are places left', async () => {
    const sessionId = await createLeadSession(t);
    for (let i = 1; i <= 8; i++) await upload(sessionId, i);
    const onDiskBefore = (await filesOnDisk(t)).length;

    // all four pass the early count (8 < 10) and race for the last two places
    const results = await Promise.all([9, 10, 11, 12].map((i) => upload(sessionId, i)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409]);
    expect(await filesOfSession(sessionId)).toBe(10);
    // the refused ones took their stored files back with them
    expect((await filesOnDisk(t)).length).toBe(onDiskBefore + 2);
  });
});
