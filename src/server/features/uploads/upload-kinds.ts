// What happens to each accepted type, known on both sides of the worker boundary.
import type { AllowedUploadType } from '#shared/uploads/uploads.contract.ts';

/** Photos sharp re-encodes without their metadata, with a thumbnail (clean-image.ts). */
export type ReencodedType = 'image/jpeg' | 'image/png' | 'image/webp';
export const isReencoded = (type: AllowedUploadType): type is ReencodedType =>
  type === 'image/jpeg' || type === 'image/png' || type === 'image/webp';

/** HEIC/HEIF: sharp's libvips cannot decode HEVC, so the metadata is blanked in place instead. */
export const isHeif = (type: AllowedUploadType) => type === 'image/heic' || type === 'image/heif';

/** Whether the content goes through the upload worker; PDFs are stored as sent. */
export const needsProcessing = (type: AllowedUploadType) => isReencoded(type) || isHeif(type);
