// The /leads search box: one text, matched against names, e-mail, suburb and phone.

export type SearchTerm = { kind: 'phone'; digits: string } | { kind: 'word'; prefix: string };

const separators = /[\s\-().]/g;

/**
 * A phone typed any way becomes the digits customers' phones are stored with ('61…', from the
 * E.164 form): '0412 345 678', '+61412345678' and '0412345678' all give '61412345678'. Six
 * digits at least, so a short number is still searched as a word.
 */
function phoneDigits(q: string): string | null {
  const compact = q.replace(separators, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return null;
  const digits = compact.replace('+', '');
  if (digits.startsWith('0')) return `61${digits.slice(1)}`;
  return digits.startsWith('61') ? digits : `61${digits}`;
}

/** LIKE's wildcards in what people type are plain characters. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each word must match the start of one field; a phone number is one term whatever its spaces. */
export function parseSearch(q: string | undefined): SearchTerm[] {
  const trimmed = q?.trim() ?? '';
  if (!trimmed) return [];
  const digits = phoneDigits(trimmed);
  if (digits) return [{ kind: 'phone', digits }];
  return trimmed
    .toLowerCase()
    .split(/\s+/)
    .slice(0, 5)
    .map((word) => ({ kind: 'word', prefix: `${escapeLike(word)}%` }));
}
