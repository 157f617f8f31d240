// Entry of the worker threads that process uploads (started by process-in-worker.ts through
// worker-pool.ts; built to dist/server/upload-worker.js beside main.js). Each message is one job,
// answered with one message; the pool sends the next only after the answer.
import { parentPort } from 'node:worker_threads';
import { processBrandImage, type BrandImageJob } from './brand-image-job';
import { processUpload, type UploadJob } from './process-upload';

parentPort?.on('message', (job: UploadJob | BrandImageJob) => {
  // an unexpected error is left unhandled: it ends this worker, and the pool fails the job (500)
  const work = 'kind' in job ? processBrandImage(job) : processUpload(job);
  void work.then((result) => parentPort?.postMessage(result));
});
