// The work done on an upload's content: runs inside the upload worker (upload-worker.ts), so a
// hostile file costs a worker thread within its budget, never the API's event loop.
import type { AllowedUploadType } from '#shared/uploads/uploads.contract.ts';
import {
  checkPixelCount,
  TooManyPixelsError,
  UnreadableImageError,
  writeCleanedImage,
  writeThumbnail,
} from './clean-image';
import { blankHeifMetadata, HeifStructureError } from './heif-metadata';
import { isHeif, isReencoded } from './upload-kinds';

/** What the worker is asked to do: only plain data crosses the thread boundary. */
export interface UploadJob {
  /** The spooled upload; a HEIC is blanked in place. */
  path: string;
  type: AllowedUploadType;
  /** Where a photo's thumbnail and cleaned copy are written (the caller removes them). */
  thumbnailPath: string;
  cleanedPath: string;
}

/** Errors cannot cross threads as classes: a refusal comes back as its name. */
export type UploadJobResult =
  { refused: false } | { refused: true; reason: 'tooManyPixels' | 'unreadable' };

export async function processUpload(job: UploadJob): Promise<UploadJobResult> {
  try {
    if (isReencoded(job.type)) {
      await checkPixelCount(job.path);
      await writeThumbnail(job.path, job.thumbnailPath);
      await writeCleanedImage(job.path, job.type, job.cleanedPath);
    } else if (isHeif(job.type)) {
      await blankHeifMetadata(job.path);
    }
    return { refused: false };
  } catch (err) {
    if (err instanceof TooManyPixelsError) return { refused: true, reason: 'tooManyPixels' };
    if (err instanceof UnreadableImageError || err instanceof HeifStructureError) {
      return { refused: true, reason: 'unreadable' };
    }
    throw err;
  }
}
