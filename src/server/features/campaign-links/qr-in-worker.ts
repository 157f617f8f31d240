import { createWorkerPool, type WorkerBudget } from '#server/lib/worker-pool.ts';

// The request side of the PNG QR code: the URL goes to a worker thread (qr-worker.ts), the PNG
// comes back. From source this module is a .ts file beside the worker; in the build, main.js sits
// beside qr-worker.js (see build:server in package.json).
const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./qr-worker.ts', import.meta.url)
  : new URL('./qr-worker.js', import.meta.url);

/** One thread: codes are downloaded now and then, by the owner; a code takes milliseconds. */
export const qrWorkerBudget: WorkerBudget = {
  timeMs: 10_000,
  maxOldGenerationSizeMb: 64,
  maxYoungGenerationSizeMb: 16,
  concurrentJobs: 1,
};

const run = createWorkerPool<string, Uint8Array>(workerFile, qrWorkerBudget);

/** The link's QR code as a print-size PNG, drawn off the event loop. */
export async function qrPngInWorker(url: string): Promise<Buffer> {
  const png = await run(url);
  // structured clone hands over a Uint8Array: a Buffer view of the same bytes for the reply
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}
