// The work on a logo's content (issue 15 item 15): runs inside the upload worker like a photo's,
// on its own pool (process-in-worker.ts), never on the API's event loop.
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { brandImageLimits } from '#shared/branding/brand-image-limits.ts';
import { checkPixelCount, TooManyPixelsError, UnreadableImageError } from './clean-image';
import type { UploadJobResult } from './process-upload';
import { imageBudget } from './upload-budget';

export type BrandImageType = 'image/svg+xml' | 'image/png' | 'image/jpeg';

export interface BrandImageJob {
  kind: 'brand';
  path: string;
  type: BrandImageType;
  /** Where the cleaned image is written (the caller removes it). */
  outPath: string;
}

/** A PNG or JPEG re-encoded without metadata, fitted within the largest size a header needs. */
async function cleanRaster(job: BrandImageJob) {
  await checkPixelCount(job.path);
  const image = sharp(job.path, {
    autoOrient: true,
    failOn: 'error',
    limitInputPixels: imageBudget.maxPixels,
  })
    .timeout({ seconds: imageBudget.pipelineSeconds })
    .resize({
      width: brandImageLimits.maxWidth,
      height: brandImageLimits.maxHeight,
      fit: 'inside',
      withoutEnlargement: true,
    });
  if (job.type === 'image/jpeg') image.jpeg({ quality: 90, optimiseCoding: false });
  else image.png();
  await image.toFile(job.outPath).catch((err: unknown) => {
    throw new UnreadableImageError('sharp failed', { cause: err });
  });
}

async function cleanSvg(job: BrandImageJob) {
  // jsdom is loaded by the first SVG only: photos' workers never pay for it
  const { sanitiseSvg } = await import('./sanitise-svg');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(job.path));
  } catch (err) {
    throw new UnreadableImageError('not UTF-8', { cause: err });
  }
  await writeFile(job.outPath, sanitiseSvg(text));
}

export async function processBrandImage(job: BrandImageJob): Promise<UploadJobResult> {
  try {
    if (job.type === 'image/svg+xml') await cleanSvg(job);
    else await cleanRaster(job);
    return { refused: false };
  } catch (err) {
    if (err instanceof TooManyPixelsError) return { refused: true, reason: 'tooManyPixels' };
    if (err instanceof UnreadableImageError) return { refused: true, reason: 'unreadable' };
    if (err instanceof Error && err.name === 'UnsafeSvgError') {
      return { refused: true, reason: 'unreadable' };
    }
    throw err;
  }
}
