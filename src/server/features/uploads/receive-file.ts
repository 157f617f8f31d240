import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  isAllowedUploadType,
  uploadErrorCodes,
  uploadMessages,
  type AllowedUploadType,
} from '#shared/uploads/uploads.contract.ts';
import { HttpError } from '#server/lib/http-error.ts';

/** A checked upload spooled to a temp file; the caller removes `path` when done. */
export interface ReceivedFile {
  path: string;
  size: number;
  type: AllowedUploadType;
}

// What file-type needs to tell any type apart; ours are decided within the first 32 bytes.
const sniffBytes = 4100;

export const unsupportedType = () =>
  new HttpError(415, uploadErrorCodes.typeNotAllowed, uploadMessages.typeNotAllowed);
export const tooLarge = () =>
  new HttpError(413, uploadErrorCodes.tooLarge, uploadMessages.tooLarge);

/**
 * Passes bytes through, decides the type from the first ones (the declared type and the file name
 * are not trusted) and fails the stream as soon as the type is not allowed, so a refused file is
 * not read to its end.
 */
class TypeSniffer extends Transform {
  type: AllowedUploadType | undefined;
  size = 0;
  private head: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: string, done: TransformCallback) {
    this.size += chunk.length;
    if (this.type) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < sniffBytes) return done(null, chunk);
    this.detect().then(() => done(null, chunk), done);
  }

  override _flush(done: TransformCallback) {
    if (this.type) return done();
    this.detect().then(() => done(), done);
  }

  private async detect() {
    // file-type loads with the first upload, not at start (ADR 047)
    // file-type loads with the first upload, not at start (ADR 047)
    const found = await (await import('file-type')).fileTypeFromBuffer(Buffer.concat(this.head));
    this.head = [];
    if (!found || !isAllowedUploadType(found.mime)) throw unsupportedType();
    this.type = found.mime;
  }
}

/**
 * Streams one multipart file to a temp file while checking its type and size. Memory use stays
 * at a few stream chunks whatever the file size. Throws 415/413 and leaves no temp file behind.
 */
export async function receiveToTempFile(
  file: Readable & { truncated?: boolean },
  tmpDir: string,
): Promise<ReceivedFile> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.part`);
  const sniffer = new TypeSniffer();
  try {
    await pipeline(file, sniffer, createWriteStream(path, { flags: 'wx' }));
    // busboy stops at limits.fileSize and marks the stream truncated instead of failing it
    if (file.truncated) throw tooLarge();
    if (!sniffer.type) throw unsupportedType();
    return { path, size: sniffer.size, type: sniffer.type };
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
}
