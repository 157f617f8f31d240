// Runs in the upload worker (process-upload.ts), never on the request's event loop.
import sharp from 'sharp';
import { imageBudget } from './upload-budget';
import type { ReencodedType } from './upload-kinds';

// Each upload is a different picture: libvips' operation cache would only hold memory.
sharp.cache(false);
// libvips' thread count is per process; one per picture keeps two jobs within two cores.
sharp.concurrency(imageBudget.threadsPerPicture);

export const thumbnailWidth = 320;

/** The picture has more pixels than uploads may have (refused before decoding). */
export class TooManyPixelsError extends Error {}
/** sharp could not decode or encode the picture: damaged, hostile, or too slow to process. */
export class UnreadableImageError extends Error {}

/**
 * Reads the dimensions from the header alone (nothing is decoded) and refuses a picture over the
 * pixel limit: a PNG of a few KB can describe 256 megapixels. Multi-page pictures count one page,
 * the only one processed.
 */
export async function checkPixelCount(path: string) {
  const header = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch((err: unknown) => {
      throw new UnreadableImageError('no readable header', { cause: err });
    });
  const pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  if (pixels > imageBudget.maxPixels) throw new TooManyPixelsError();
}

// Read from the spooled temp file, not from memory: libvips decodes it sequentially, in strips.
// autoOrient applies the EXIF orientation before the EXIF goes, so portrait photos stay upright.
// Warnings (common in phone JPEGs) are tolerated; decode errors fail the upload. The pixel limit is
// checked again by libvips itself, and its timeout stops a pipeline that runs too long.
const open = (path: string) =>
  sharp(path, {
    autoOrient: true,
    failOn: 'error',
    limitInputPixels: imageBudget.maxPixels,
  }).timeout({ seconds: imageBudget.pipelineSeconds });

const unreadable = (err: unknown) => {
  throw new UnreadableImageError('sharp failed', { cause: err });
};

/**
 * Writes the photo re-encoded in its own format to `outPath`, without any metadata (EXIF with
 * GPS, XMP, IPTC, comments): sharp writes none unless asked to keep it. Written to a file rather
 * than piped on: sharp's output stream hands over the whole encoded image as one buffer.
 */
export async function writeCleanedImage(path: string, type: ReencodedType, outPath: string) {
  const image = open(path);
  // optimiseCoding (sharp's default) keeps every DCT coefficient of the picture in memory for a
  // second pass: about 60 MB for a 15 MB photo, for files a few percent smaller. Not worth it.
  if (type === 'image/jpeg') image.jpeg({ quality: 90, optimiseCoding: false });
  else if (type === 'image/png') image.png();
  else image.webp({ quality: 90 });
  await image.toFile(outPath).catch(unreadable);
}

/**
 * A small WebP for staff lists. Made first: it decodes the whole picture, so a file whose first
 * bytes look right but whose body is damaged is refused here, before anything is stored.
 */
export async function writeThumbnail(path: string, outPath: string) {
  await open(path)
    .resize({ width: thumbnailWidth, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toFile(outPath)
    .catch(unreadable);
}
