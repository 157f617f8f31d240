import sharp from 'sharp';
import {
  uploadErrorCodes,
  uploadMessages,
  type AllowedUploadType,
} from '../../../shared/uploads/uploads.contract';
import { HttpError } from '../../lib/http-error';

// Each upload is a different picture: libvips' operation cache would only hold memory.
sharp.cache(false);

export const thumbnailWidth = 320;

/** Types sharp re-encodes here; HEIC (HEVC) is not among them, see heif-metadata.ts. */
export type ReencodedType = 'image/jpeg' | 'image/png' | 'image/webp';
export const isReencoded = (type: AllowedUploadType): type is ReencodedType =>
  type === 'image/jpeg' || type === 'image/png' || type === 'image/webp';

// Read from the spooled temp file, not from memory: libvips decodes it sequentially, in strips,
// on its own threads, so the event loop only moves encoded chunks. autoOrient applies the EXIF
// orientation before the EXIF goes, so portrait photos stay upright. Warnings (common in phone
// JPEGs) are tolerated; decode errors fail the upload.
const open = (path: string) => sharp(path, { autoOrient: true, failOn: 'error' });

/**
 * Writes the photo re-encoded in its own format to `outPath`, without any metadata (EXIF with
 * GPS, XMP, IPTC, comments): sharp writes none unless asked to keep it. Written to a file rather
 * than piped on: sharp's output stream hands over the whole encoded image as one buffer.
 */
export async function writeCleanedImage(path: string, type: ReencodedType, outPath: string) {
  const image = open(path);
  // optimiseCoding (sharp's default) keeps every DCT coefficient of the picture in memory for a
  // second pass: about 60 MB for a 15 MB photo, for files a few percent smaller. Not worth it.
  if (type === 'image/jpeg')
    await image.jpeg({ quality: 90, optimiseCoding: false }).toFile(outPath);
  else if (type === 'image/png') await image.png().toFile(outPath);
  else await image.webp({ quality: 90 }).toFile(outPath);
}

/**
 * A small WebP for staff lists (tens of KB, so a buffer is fine). Made first: it decodes the
 * whole picture, so a file whose first bytes look right but whose body is damaged is refused
 * with 422 here, before anything is stored.
 */
export async function thumbnail(path: string): Promise<Buffer> {
  try {
    return await open(path)
      .resize({ width: thumbnailWidth, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    throw new HttpError(422, uploadErrorCodes.unreadable, uploadMessages.unreadable);
  }
}
