import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { isAllowedUploadType } from '#shared/uploads/uploads.contract.ts';
import type { Db } from '#server/db/client.ts';
import type { FileStorage } from '#server/integrations/storage/file-storage.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { attachmentDisposition, downloadName } from './file-name';
import { findFile, findSessionFile } from './uploads.repository';
import { thumbnailKey } from './uploads.service';

export interface StoredContent {
  body: Readable;
  contentType: string;
  fileName: string;
}

export type ContentKind = 'content' | 'thumbnail';

/**
 * The stored bytes of a file (or of its thumbnail) with the type and name to send them under;
 * with a session id, only a file uploaded in that browser session (the customer's own preview).
 */
export async function openStoredFile(
  deps: { db: Db; storage: FileStorage },
  id: string,
  kind: ContentKind,
  sessionId?: string,
): Promise<StoredContent> {
  const row = sessionId
    ? await findSessionFile(deps.db, id, sessionId)
    : await findFile(deps.db, id);
  if (!row) throw HttpError.notFound('File not found.');
  // only allowed types are ever stored; anything else would be sent as opaque bytes
  const type = isAllowedUploadType(row.contentType) ? row.contentType : undefined;
  const named = type ? downloadName(row.originalName, type) : row.originalName;
  if (kind === 'thumbnail') {
    if (!row.thumbnailName) throw HttpError.notFound('This file has no thumbnail.');
    const body = await deps.storage.get(thumbnailKey(row.thumbnailName));
    if (!body) throw HttpError.notFound('File not found.');
    const base = named.replace(/\.[^.]*$/, '');
    return { body, contentType: 'image/webp', fileName: `${base}-thumbnail.webp` };
  }
  const body = await deps.storage.get(row.storedName);
  if (!body) throw HttpError.notFound('File not found.');
  return { body, contentType: type ?? 'application/octet-stream', fileName: named };
}

/**
 * Sends a stored file so no browser ever renders it as a page: its real type, no sniffing,
 * always a download, a sandboxing CSP for good measure, and never cached by a shared proxy.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredContent) {
  return reply
    .type(file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
