import { allowedUploadTypes, type AllowedUploadType } from '#shared/uploads/uploads.contract.ts';

const maxNameLength = 255;
// C0/C1 controls, and the bidi overrides that make "photo‮gpj.exe" read as "photoexe.jpg".
// eslint-disable-next-line no-control-regex
const unwanted = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const extensionsOf: Record<AllowedUploadType, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'application/pdf': ['pdf'],
};

const splitExtension = (name: string): [base: string, extension: string] => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
};

/**
 * The customer's file name as it may be shown and stored: last path segment only, no control or
 * direction characters, at most 255 characters (the extension kept when shortening).
 */
export function sanitiseFileName(raw: string | undefined): string {
  const lastSegment = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const name = lastSegment
    .replace(unwanted, '')
    .trim()
    .replace(/[. ]+$/, '');
  if (!name) return 'file';
  const chars = Array.from(name); // code points, so no emoji is cut in half
  if (chars.length <= maxNameLength) return name;
  const [base, extension] = splitExtension(name);
  const keep = extension.length < 20 ? extension : '';
  return (
    Array.from(base)
      .slice(0, maxNameLength - keep.length)
      .join('') + keep
  );
}

/**
 * The name a download is saved under: the customer's name, with the extension of the type the
 * content really is, so a file named "x.html" is never saved (and later opened) as HTML.
 */
export function downloadName(name: string, type: AllowedUploadType): string {
  const [base, current] = splitExtension(name);
  if (extensionsOf[type].includes(current.slice(1).toLowerCase())) return name;
  return `${base}.${allowedUploadTypes[type].extension}`;
}

const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 8187), so
 * "Küche – west.jpg" arrives intact and no quote or backslash can break the header.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
