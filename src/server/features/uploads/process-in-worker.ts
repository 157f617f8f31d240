// The request side of upload processing: hands the spooled file to a worker thread (upload-worker,
// on the pool of worker-pool.ts) and turns what comes back into this API's refusals.
import { uploadErrorCodes, uploadMessages } from '#shared/uploads/uploads.contract.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { BrandImageJob } from './brand-image-job';
import type { UploadJob, UploadJobResult } from './process-upload';
import { brandWorkerBudget, workerBudget } from './upload-budget';
import { createWorkerPool, WorkerBudgetError } from '#server/lib/worker-pool.ts';

// From source this module is a .ts file beside upload-worker.ts; in the build, main.js sits beside
// upload-worker.js (see build:server in package.json).
const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./upload-worker.ts', import.meta.url)
  : new URL('./upload-worker.js', import.meta.url);

const runUploadJob = createWorkerPool<UploadJob, UploadJobResult>(workerFile, workerBudget);
// logos: the same worker file on a pool of its own, with the budget an SVG document needs
const runBrandJob = createWorkerPool<BrandImageJob, UploadJobResult>(workerFile, brandWorkerBudget);

let sharpOnMainThread: Promise<unknown> | undefined;

export const unreadable = () =>
  new HttpError(422, uploadErrorCodes.unreadable, uploadMessages.unreadable);
const tooManyPixels = () =>
  new HttpError(413, uploadErrorCodes.tooManyPixels, uploadMessages.tooManyPixels);

/** Cleans a photo or blanks a HEIC's metadata off the event loop; throws the refusal if any. */
export async function processInWorker(job: UploadJob | BrandImageJob): Promise<void> {
  // sharp is loaded on the main thread too, before any worker, as its docs ask for worker threads
  // on glibc: libvips then stays loaded when a worker exits instead of being unloaded under the
  // others. On the first upload, not at start (ADR 047).
  await (sharpOnMainThread ??= import('sharp'));
  const run = 'kind' in job ? runBrandJob(job) : runUploadJob(job);
  const result = await run.catch((err: unknown) => {
    // a file that needs more time or memory than any photo is treated as the damaged file it is
    throw err instanceof WorkerBudgetError ? unreadable() : err;
  });
  if (!result.refused) return;
  throw result.reason === 'tooManyPixels' ? tooManyPixels() : unreadable();
}
