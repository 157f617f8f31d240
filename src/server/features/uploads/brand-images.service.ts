// An admin's logo or partner logo (issue 15 item 15): decided by content (file-type for PNG and
// JPEG, an XML document whose root is <svg> for SVG; the name and declared type are not trusted),
// cleaned in the upload worker, stored under the hash of the cleaned bytes, so its URL can be
// cached for ever and a new logo is a new URL.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import {
  brandImageErrorCodes,
  brandImageLimits,
  brandImageMessages,
} from '#shared/branding/branding.contract.ts';
import { uploadErrorCodes } from '#shared/uploads/uploads.contract.ts';
import type { FileStorage } from '#server/integrations/storage/file-storage.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { BrandImageType } from './brand-image-job';
import { processInWorker } from './process-in-worker';

export interface BrandImageDeps {
  storage: FileStorage;
  tmpDir: string;
}

const extensions: Record<BrandImageType, 'svg' | 'png' | 'jpg'> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};
export const brandImageTypes: Record<string, BrandImageType> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
};

export const brandKey = (name: string) => `brand/${name}`;

const refuse = {
  type: () =>
    new HttpError(415, brandImageErrorCodes.typeNotAllowed, brandImageMessages.typeNotAllowed),
  tooLarge: () => new HttpError(413, brandImageErrorCodes.tooLarge, brandImageMessages.tooLarge),
  svgTooLarge: () =>
    new HttpError(413, brandImageErrorCodes.tooLarge, brandImageMessages.svgTooLarge),
};

// what may come before the root element of an SVG file a drawing program wrote
const svgStart =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/;

/** The type by content: PNG and JPEG by their magic bytes, SVG by its root element. */
async function typeOf(bytes: Buffer): Promise<BrandImageType> {
  // file-type loads with the first upload, not at start (ADR 047)
  const found = await (await import('file-type')).fileTypeFromBuffer(bytes);
  if (found?.mime === 'image/png' || found?.mime === 'image/jpeg') return found.mime;
  // file-type knows no SVG (at most "XML"); the worker parses it as XML to be sure
  if (
    (!found || found.mime === 'application/xml') &&
    svgStart.test(bytes.toString('utf8', 0, 4096))
  ) {
    if (bytes.length > brandImageLimits.maxSvgBytes) throw refuse.svgTooLarge();
    return 'image/svg+xml';
  }
  throw refuse.type();
}

/** The one file of the request, in memory: at most maxBytes (busboy stops there). */
async function readOneFile(parts: AsyncIterable<Multipart>): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (bytes) throw HttpError.badRequest(brandImageMessages.noFile);
      const file = part.file as Readable & { truncated?: boolean };
      const chunks: Buffer[] = [];
      for await (const chunk of file) chunks.push(chunk as Buffer);
      if (file.truncated) throw refuse.tooLarge();
      bytes = Buffer.concat(chunks);
    }
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse.tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw HttpError.badRequest(brandImageMessages.noFile);
    }
    throw err;
  }
  if (!bytes?.length)
    throw HttpError.badRequest(brandImageMessages.noFile, { file: brandImageMessages.noFile });
  return bytes;
}

/** The worker's refusals in a logo's words (the photo upload's name photos and PDFs). */
function inLogoWords(err: unknown): unknown {
  if (!(err instanceof HttpError)) return err;
  if (err.code === uploadErrorCodes.unreadable) {
    return new HttpError(422, brandImageErrorCodes.unreadable, brandImageMessages.unreadable);
  }
  if (err.code === uploadErrorCodes.tooManyPixels) {
    return new HttpError(413, uploadErrorCodes.tooManyPixels, brandImageMessages.tooManyPixels);
  }
  return err;
}

export async function uploadBrandImage(deps: BrandImageDeps, parts: AsyncIterable<Multipart>) {
  const bytes = await readOneFile(parts);
  const type = await typeOf(bytes);
  await mkdir(deps.tmpDir, { recursive: true });
  const path = join(deps.tmpDir, `${randomUUID()}.brand`);
  const outPath = `${path}.clean`;
  try {
    await writeFile(path, bytes, { flag: 'wx' });
    await processInWorker({ kind: 'brand', path, type, outPath }).catch((err: unknown) => {
      throw inLogoWords(err);
    });
    const cleaned = await readFile(outPath);
    const hash = createHash('sha256').update(cleaned).digest('hex').slice(0, 32);
    const name = `${hash}.${extensions[type]}`;
    await deps.storage.put(brandKey(name), createReadStream(outPath), type);
    return { url: `/api/brand-images/${name}`, type };
  } finally {
    await Promise.all([path, outPath].map((p) => rm(p, { force: true })));
  }
}
