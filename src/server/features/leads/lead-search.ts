// The /leads search box: one text, matched against names, e-mail, suburb and phone.

export type SearchTerm =
  { kind: 'phone'; digits: string; tail: string } | { kind: 'word'; prefix: string };

const separators = /[\s\-().]/g;

/**
 * A phone typed any way becomes the digits customers' phones are stored with ('61…', from the
 * E.164 form): '0412 345 678', '+61412345678' and '0412345678' all give '61412345678'. The same
 * digits may also be the number's end ('345 678'): `tail` is them reversed, the start of the
 * stored reversed digits (ADR 042). Six digits at least, so a short number is still a word.
 */
function phoneTerm(q: string): SearchTerm | null {
  const compact = q.replace(separators, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return null;
  const typed = compact.replace('+', '');
  const digits = typed.startsWith('0')
    ? `61${typed.slice(1)}`
    : typed.startsWith('61')
      ? typed
      : `61${typed}`;
  return { kind: 'phone', digits, tail: [...typed].reverse().join('') };
}

/** LIKE's wildcards in what people type are plain characters. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Each word must match the start of one field (or of a part of the e-mail: ADR 042); a phone
 * number is one term whatever its spaces, matching the number's start or its end.
 */
export function parseSearch(q: string | undefined): SearchTerm[] {
  const trimmed = q?.trim() ?? '';
  if (!trimmed) return [];
  const phone = phoneTerm(trimmed);
  if (phone) return [phone];
  return trimmed
    .toLowerCase()
    .split(/\s+/)
    .slice(0, 5)
    .map((word) => ({ kind: 'word', prefix: `${escapeLike(word)}%` }));
}
