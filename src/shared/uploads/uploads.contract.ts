import { z } from 'zod';
import { uploadLimits } from './upload-limits';

export { uploadLimits } from './upload-limits';

/**
 * The accepted types, keyed by the type the server detects from the file's first bytes. HEIF
 * (`mif1`) is the container of HEIC photos some Android phones write; it is treated as HEIC.
 */
export const allowedUploadTypes = {
  'image/jpeg': { label: 'JPEG', extension: 'jpg' },
  'image/png': { label: 'PNG', extension: 'png' },
  'image/webp': { label: 'WebP', extension: 'webp' },
  'image/heic': { label: 'HEIC', extension: 'heic' },
  'image/heif': { label: 'HEIC', extension: 'heif' },
  'application/pdf': { label: 'PDF', extension: 'pdf' },
} as const;
export type AllowedUploadType = keyof typeof allowedUploadTypes;

export const isAllowedUploadType = (type: string): type is AllowedUploadType =>
  Object.hasOwn(allowedUploadTypes, type);

/** For the file picker's `accept` and the browser's pre-check (browsers often leave HEIC untyped). */
export const allowedUploadExtensions = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif', 'pdf'];

export const uploadMessages = {
  typeNotAllowed: 'Only JPEG, PNG, WebP and HEIC photos or PDF documents can be uploaded.',
  tooLarge: 'This file is larger than 15 MB. Please choose a smaller file.',
  tooMany: `You can upload at most ${uploadLimits.maxFilesPerLead} files.`,
  contactFirst: 'Please complete your contact details first.',
  oneFileAtATime: 'Please upload one file at a time.',
  noFile: 'Please choose a file to upload.',
  unreadable: 'We could not read this file. Please try another photo or a PDF.',
  tooManyPixels: `This photo is too large (over ${uploadLimits.maxImagePixels / 1_000_000} megapixels). Please upload a smaller photo.`,
  sessionIdInvalid: 'Invalid session id',
} as const;

/** Codes of the refusals the upload step shows differently (the message is always user-facing). */
export const uploadErrorCodes = {
  typeNotAllowed: 'UNSUPPORTED_FILE_TYPE',
  tooLarge: 'FILE_TOO_LARGE',
  tooMany: 'TOO_MANY_FILES',
  contactFirst: 'CONTACT_DETAILS_REQUIRED',
  unreadable: 'UNREADABLE_FILE',
  tooManyPixels: 'IMAGE_TOO_LARGE',
} as const;

/**
 * The browser's check before sending: the message to show, or undefined when the file may go.
 * Advisory only (a renamed file passes it); the server decides by content.
 */
export function precheckUpload(file: { name: string; size: number }): string | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!allowedUploadExtensions.includes(extension)) return uploadMessages.typeNotAllowed;
  if (file.size > uploadLimits.maxFileBytes) return uploadMessages.tooLarge;
  return undefined;
}

// Spec §3 "Uploaded file" (the file itself stays in the browser; progress and error are UI state).
export const uploadStatuses = ['pending', 'uploading', 'uploaded', 'error'] as const;

export const uploadedFileSchema = z.object({
  id: z.uuid(),
  /** The customer's own file name, cleaned of paths and control characters. */
  name: z.string(),
  /** Bytes received, as the customer's device counts them. */
  size: z.number().int().nonnegative(),
  /** The type detected from the content, not the one the browser declared. */
  type: z.string(),
  uploadStatus: z.enum(uploadStatuses),
  /** s3://bucket/key when stored in S3-compatible storage (a private object, not a link). */
  s3Url: z.string().nullable(),
  timestamp: z.string(),
  /** A photo the server made a thumbnail of: GET /api/uploads/:id/preview shows it to the session. */
  hasThumbnail: z.boolean(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const uploadResponseSchema = z.object({ file: uploadedFileSchema });

export const uploadSessionIdSchema = z.uuid(uploadMessages.sessionIdInvalid);

/** POST /api/uploads?sessionId=…: the query is the reliable place; a form field before the file also works. */
export const uploadQuerySchema = z.object({ sessionId: uploadSessionIdSchema.optional() });

/**
 * The parts of the POST /api/uploads body (multipart/form-data), for the API description: the
 * server reads the stream itself, one part at a time.
 */
export const uploadPartsSchema = z.object({
  sessionId: uploadSessionIdSchema
    .optional()
    .describe('The browser session, when not in the query: a field sent before the file.'),
  file: z
    .string()
    .meta({ format: 'binary', contentMediaType: 'application/octet-stream' })
    .describe('One photo (JPEG, PNG, WebP, HEIC) or PDF, up to 15 MB.'),
});

export const uploadParamsSchema = z.object({ id: z.uuid('Invalid file id') });

/**
 * GET /api/uploads/:id/preview: the session id travels in a header, so it stays out of URLs
 * and logs; the browser shows the answer through a blob: URL only its page can read (ADR 030).
 */
export const previewHeadersSchema = z.object({ 'x-session-id': uploadSessionIdSchema });

/** DELETE /api/uploads/:id?sessionId=…: the customer removes a file of their own session. */
export const removeUploadQuerySchema = z.object({ sessionId: uploadSessionIdSchema });
export const fileNotFoundMessage = 'That file was not found.';
