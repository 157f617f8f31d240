import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Multipart } from '@fastify/multipart';
import {
  allowedUploadTypes,
  fileNotFoundMessage,
  uploadErrorCodes,
  uploadLimits,
  uploadMessages,
  uploadSessionIdSchema,
  uploadStatuses,
  type UploadedFile,
} from '#shared/uploads/uploads.contract.ts';
import type { Db } from '#server/db/client.ts';
import type { FileStorage } from '#server/integrations/storage/file-storage.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { sanitiseFileName } from './file-name';
import { processInWorker } from './process-in-worker';
import { receiveToTempFile, tooLarge, type ReceivedFile } from './receive-file';
import { isReencoded, needsProcessing } from './upload-kinds';
import {
  countLeadFiles,
  deleteSessionFile,
  findLeadIdBySession,
  insertFileWithinLimit,
  type UploadedFileRow,
} from './uploads.repository';

export interface UploadDeps {
  db: Db;
  storage: FileStorage;
  /** Where uploads are spooled while checked. */
  tmpDir: string;
}

const tooMany = () => new HttpError(409, uploadErrorCodes.tooMany, uploadMessages.tooMany);
const badSessionId = () =>
  HttpError.badRequest(uploadMessages.sessionIdInvalid, {
    sessionId: uploadMessages.sessionIdInvalid,
  });

export const thumbnailKey = (thumbnailName: string) => `thumbnails/${thumbnailName}`;

export function toUploadedFileDto(row: UploadedFileRow): UploadedFile {
  return {
    id: row.id,
    name: row.originalName,
    size: row.size,
    type: row.contentType,
    // rows are only written once stored; an unknown status would be a bug, shown as an error
    uploadStatus: uploadStatuses.find((status) => status === row.uploadStatus) ?? 'error',
    s3Url: row.s3Url,
    timestamp: row.createdAt.toISOString(),
    hasThumbnail: row.thumbnailName !== null,
  };
}

/** The lead the file will belong to; refuses before a byte is stored when there is no room. */
async function admit(db: Db, sessionId: string): Promise<string> {
  const leadId = await findLeadIdBySession(db, sessionId);
  if (!leadId) throw new HttpError(409, uploadErrorCodes.contactFirst, uploadMessages.contactFirst);
  // an early answer only; insertFileWithinLimit decides under a lock
  if ((await countLeadFiles(db, leadId)) >= uploadLimits.maxFilesPerLead) throw tooMany();
  return leadId;
}

/** The multipart parser's own refusals, in this API's words. */
function translateParserError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return HttpError.badRequest(uploadMessages.oneFileAtATime);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return HttpError.badRequest(uploadMessages.oneFileAtATime);
  }
  return err;
}

interface Accepted {
  leadId: string;
  sessionId: string;
  originalName: string;
  received: ReceivedFile;
}

/** Reads the request's one file (spooled and checked); fields sent before it are known by then. */
async function acceptOneFile(
  deps: UploadDeps,
  parts: AsyncIterable<Multipart>,
  querySessionId: string | undefined,
): Promise<Accepted> {
  let accepted: Accepted | undefined;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      // limits.files stops a second file first; this guards a parser without that limit
      if (accepted) throw HttpError.badRequest(uploadMessages.oneFileAtATime);
      const field = part.fields.sessionId;
      const fieldValue =
        field && !Array.isArray(field) && field.type === 'field' ? field.value : '';
      const parsed = uploadSessionIdSchema.safeParse(querySessionId ?? fieldValue);
      if (!parsed.success) throw badSessionId();
      const leadId = await admit(deps.db, parsed.data);
      const received = await receiveToTempFile(part.file, deps.tmpDir);
      const originalName = sanitiseFileName(part.filename);
      accepted = { leadId, sessionId: parsed.data, originalName, received };
    }
  } catch (err) {
    if (accepted) await rm(accepted.received.path, { force: true });
    throw translateParserError(err);
  }
  if (!accepted) throw HttpError.badRequest(uploadMessages.noFile, { file: uploadMessages.noFile });
  return accepted;
}

/**
 * Writes the file (photos cleaned, plus a thumbnail; HEIC with its metadata blanked) and records
 * in `written` the keys it stored. The content is processed in a worker thread first, so nothing
 * is stored for a file that is refused.
 */
async function store(storage: FileStorage, { path, type }: ReceivedFile, written: string[]) {
  const id = randomUUID();
  const storedName = `${id}.${allowedUploadTypes[type].extension}`;
  const put = async (key: string, from: string, contentType: string) => {
    written.push(key);
    return (await storage.put(key, createReadStream(from), contentType)).url;
  };
  if (!needsProcessing(type)) {
    return { storedName, thumbnailName: null, url: await put(storedName, path, type) };
  }
  const job = { path, type, thumbnailPath: `${path}.thumbnail`, cleanedPath: `${path}.clean` };
  try {
    await processInWorker(job);
    if (!isReencoded(type)) {
      // HEIC: blanked in place, stored as sent otherwise
      return { storedName, thumbnailName: null, url: await put(storedName, path, type) };
    }
    const thumbnailName = `${id}.webp`;
    await put(thumbnailKey(thumbnailName), job.thumbnailPath, 'image/webp');
    return { storedName, thumbnailName, url: await put(storedName, job.cleanedPath, type) };
  } finally {
    await Promise.all([job.thumbnailPath, job.cleanedPath].map((p) => rm(p, { force: true })));
  }
}

/**
 * POST /api/uploads: one file for the lead of the browser session, checked by content, cleaned of
 * metadata, stored under a server-made name and recorded. Nothing stays behind when it is refused.
 */
export async function uploadFile(
  deps: UploadDeps,
  parts: AsyncIterable<Multipart>,
  querySessionId: string | undefined,
): Promise<UploadedFile> {
  const { leadId, sessionId, originalName, received } = await acceptOneFile(
    deps,
    parts,
    querySessionId,
  );
  const written: string[] = [];
  try {
    const stored = await store(deps.storage, received, written);
    const row = await insertFileWithinLimit(
      deps.db,
      {
        leadId,
        sessionId,
        originalName,
        storedName: stored.storedName,
        thumbnailName: stored.thumbnailName,
        size: received.size,
        contentType: received.type,
        uploadStatus: 'uploaded',
        s3Url: stored.url,
      },
      uploadLimits.maxFilesPerLead,
    );
    if (!row) throw tooMany();
    return toUploadedFileDto(row);
  } catch (err) {
    await Promise.allSettled(written.map((key) => deps.storage.remove(key)));
    throw err;
  } finally {
    await rm(received.path, { force: true });
  }
}

/** The customer removes one of their own files: the row first, then the stored bytes. */
export async function removeSessionFile(deps: UploadDeps, id: string, sessionId: string) {
  const row = await deleteSessionFile(deps.db, id, sessionId);
  if (!row) throw HttpError.notFound(fileNotFoundMessage);
  await deps.storage.remove(row.storedName);
  if (row.thumbnailName) await deps.storage.remove(thumbnailKey(row.thumbnailName));
}
