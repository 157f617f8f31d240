// Every limit on the work one upload may cause, in one place. An upload is untrusted content from an
// anonymous customer: its processing must cost no more than these, whatever the file says.
import { uploadLimits } from '#shared/uploads/upload-limits.ts';

/** Decoding photos (sharp/libvips). The pixel limit is a shared upload limit: its message names it. */
export const imageBudget = {
  maxPixels: uploadLimits.maxImagePixels,
  /** libvips' own stop for one pipeline (decode + encode), well under the worker's time budget. */
  pipelineSeconds: 10,
  /** Threads libvips uses per picture: with two jobs at once, at most the machine's two cores. */
  threadsPerPicture: 1,
} as const;

/** The worker thread that processes one upload (see process-in-worker.ts). */
export const workerBudget = {
  /** Beyond this the worker is terminated and the upload refused; a 15 MB photo takes ~1 s. */
  timeMs: 30_000,
  /**
   * V8 heap of the worker: the HEIF parser's and sharp's JavaScript. libvips' pixel buffers live
   * outside it, bounded by the pixel limit (about 4 bytes per pixel for the pictures that need
   * whole frames: WebP, interlaced PNG).
   */
  maxOldGenerationSizeMb: 64,
  maxYoungGenerationSizeMb: 16,
  /** Uploads processed at once; more wait their turn (the CPU has two cores, shared with the API). */
  concurrentJobs: 2,
} as const;

/**
 * The HEIF container (heif-metadata.ts). Each count the file states is also checked against the
 * bytes actually present; these caps are far above what phones write (a dozen top-level boxes at
 * most, about 50 items and one extent per item for a 48-tile iPhone photo).
 */
export const heifBudget = {
  /** Boxes side by side at one level: the file's top level, or inside `meta`. */
  maxBoxesPerLevel: 64,
  /** The meta box is read into memory; a phone's is a few KB. */
  maxMetaBytes: 1024 * 1024,
  maxItems: 4096,
  /** Extents over all the items of `iloc`. */
  maxExtents: 4096,
} as const;

/**
 * The worker that cleans a logo (brand-image-job.ts). An SVG is parsed as a whole document by
 * jsdom: about 80 MB of heap and 3 s for a 220 KB drawing of 5,000 paths, so a larger heap than a
 * photo's, one at a time (admins upload a logo now and then).
 */
export const brandWorkerBudget = {
  timeMs: 20_000,
  maxOldGenerationSizeMb: 192,
  maxYoungGenerationSizeMb: 16,
  concurrentJobs: 1,
} as const;
