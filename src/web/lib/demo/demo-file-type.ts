import type { AllowedUploadType } from '#shared/uploads/uploads.contract.ts';

// The demo's Files step decides a file's type as the server does (file-type, receive-file.ts):
// by its first bytes, never by its name or the type the browser declares. Only the accepted
// types are told apart; anything else is refused as the server refuses it.

const startsWith = (head: Uint8Array, bytes: number[], offset = 0) =>
  bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (head: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...head.subarray(from, to));

/** The accepted type the bytes are, or null (refused). */
export function sniffUploadType(head: Uint8Array): AllowedUploadType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 4) === '%PDF') return 'application/pdf';
  // an ISO media file: its major brand names HEIC (still image) or HEIF; sequences are refused
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12).replace('\0', ' ').trim();
    if (brand === 'heic' || brand === 'heix') return 'image/heic';
    if (brand === 'mif1') return 'image/heif';
  }
  return null;
}

/** The file's first bytes, as many as the check needs. */
export async function sniffFile(file: Blob): Promise<AllowedUploadType | null> {
  return sniffUploadType(new Uint8Array(await file.slice(0, 32).arrayBuffer()));
}
