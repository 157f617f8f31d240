import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/helpers/test-app.ts';
import { fileNotFoundMessage } from '#shared/uploads/uploads.contract.ts';
import { uploadedFiles } from '#server/db/schema/index.ts';
import {
  createLeadSession,
  filePart,
  png,
  postUpload,
  useUploadApp,
} from '#tests/helpers/upload-kit.ts';

describe('DELETE /api/uploads/:id (the customer removes a file)', () => {
  let t: TestApp;
  useUploadApp((app) => ({ t } = app));

  const exists = (path: string) =>
    access(path).then(
      () => true,
      () => false,
    );

  it('removes the row, the file and its thumbnail, and frees its place', async () => {
    const sessionId = await createLeadSession(t);
    const { file } = (await postUpload(t, sessionId, [filePart(await png(), 'a.png')])).json();
    const [row] = await t.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.id, file.id));
    const stored = join(t.app.config.storage.uploadsDir, row!.storedName);
    expect(await exists(stored)).toBe(true);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${file.id}?sessionId=${sessionId}`,
    });
    expect(res.statusCode).toBe(204);
    expect(
      await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, file.id)),
    ).toEqual([]);
    expect(await exists(stored)).toBe(false);
  });

  it("refuses another session's file, an unknown id and a missing session id", async () => {
    const owner = await createLeadSession(t);
    const { file } = (await postUpload(t, owner, [filePart(await png(), 'b.png')])).json();
    const stranger = await createLeadSession(t);

    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${file.id}?sessionId=${stranger}`,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(fileNotFoundMessage);
    expect(
      await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, file.id)),
    ).toHaveLength(1);

    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${randomUUID()}?sessionId=${owner}`,
    });
    expect(unknown.statusCode).toBe(404);
    const noSession = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${file.id}` });
    expect(noSession.statusCode).toBe(400);
  });
});
