// Apart from the contract so that code without zod can read them: the server's upload worker
// imports these, and each worker thread loads only what it imports.

/** Limits the server enforces; the browser checks the same numbers before sending. */
export const uploadLimits = {
  maxFileBytes: 15 * 1024 * 1024,
  maxFilesPerLead: 10,
  /**
   * Photos are decoded to be cleaned, and a few KB of PNG can describe 256 megapixels: above 50 MP
   * (a 48 MP phone sensor fits) a photo is refused before it is decoded.
   */
  maxImagePixels: 50_000_000,
} as const;
