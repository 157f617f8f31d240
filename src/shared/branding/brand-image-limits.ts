// Apart from the contract so that the upload worker can read them without loading zod.

export const brandImageLimits = {
  /** PNG or JPEG as sent; re-encoded (no metadata) and fitted within maxWidth × maxHeight. */
  maxBytes: 1024 * 1024,
  /** An SVG is sanitised as a document: larger ones cost seconds of parsing. */
  maxSvgBytes: 256 * 1024,
  maxWidth: 1200,
  maxHeight: 600,
  maxPartners: 12,
  maxAltLength: 120,
} as const;
