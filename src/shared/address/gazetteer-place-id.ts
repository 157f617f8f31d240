import { maxStreetLength, parseStreetLine, type StreetLine } from './street-line';

// A gazetteer place id carries everything needed to answer its details, so the server keeps no
// state between the suggestion and the details call: "gz:" + base64url(street line) + ":" +
// locality key, e.g. "gz:MTIgU21pdGggU3RyZWV0:vic-3065-fitzroy" (the street is empty for a suburb).

export interface GazetteerPlaceRef {
  street: StreetLine | null;
  localityKey: string;
}

const prefix = 'gz:';
// base64url of the longest street line accepted (4 characters per 3 bytes, up to 4 bytes a character)
const maxEncodedStreet = Math.ceil((maxStreetLength * 4) / 3) * 4;
const idPattern = new RegExp(
  `^${prefix}([A-Za-z0-9_-]{0,${maxEncodedStreet}}):([a-z]{2,3}-\\d{4}-[a-z0-9]+(?:-[a-z0-9]+){0,9})$`,
);
export const maxPlaceIdLength = prefix.length + maxEncodedStreet + 1 + 80;

// base64url by hand (no Buffer): the static demo build answers place ids in the browser too
function toBase64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string | null {
  try {
    const binary = atob(encoded.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null; // not base64 at all
  }
}

export function encodePlaceId(street: StreetLine | null, localityKey: string): string {
  const encoded = street ? toBase64Url(street.text) : '';
  return `${prefix}${encoded}:${localityKey}`;
}

/** Null for anything that is not exactly an id this gazetteer made. */
export function decodePlaceId(placeId: string): GazetteerPlaceRef | null {
  if (placeId.length > maxPlaceIdLength) return null;
  const match = idPattern.exec(placeId);
  if (!match) return null;
  const [, encoded = '', localityKey = ''] = match;
  if (encoded === '') return { street: null, localityKey };
  const text = fromBase64Url(encoded);
  // only the canonical encoding of a valid, already tidied street is accepted
  if (text === null || toBase64Url(text) !== encoded) return null;
  const street = parseStreetLine(text);
  if (!street || street.text !== text) return null;
  return { street, localityKey };
}
