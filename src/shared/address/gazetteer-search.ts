import { stateCodes } from './locality';
import { findLocalities, type GazetteerIndex, type IndexedLocality } from './gazetteer-index';
import { isStreetType, parseStreetLine, type StreetLine } from './street-line';

/** A suggestion of the gazetteer: a locality, with the customer's street in front when one was typed. */
export interface GazetteerMatch {
  street: StreetLine | null;
  locality: IndexedLocality;
}

interface Region {
  state?: string | undefined;
  postcode?: string | undefined;
}

const stateWords = new Map<string, string>([
  ...stateCodes.map((code) => [code.toLowerCase(), code] as const),
  ['victoria', 'VIC'],
  ['queensland', 'QLD'],
  ['tasmania', 'TAS'],
]);

/**
 * Completes "number street, suburb" (or "number street suburb", or a bare suburb) into addresses.
 * A trailing state, postcode or "Australia" (as in a suggestion typed back) narrows the localities.
 */
export function searchGazetteer(index: GazetteerIndex, query: string): GazetteerMatch[] {
  const parts = query
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '');
  const { rest, region, spelt } = takeRegion(parts);
  if (!region.state && !region.postcode) return searchParts(index, parts, {});
  // a postcode alone ("3181") offers its suburbs (issue 26 item 8)
  if (rest.length === 0 && region.postcode) return localitiesOfPostcode(index, region);
  const narrowed = () => (rest.length > 0 ? searchParts(index, rest, region) : []);
  const asTyped = () => searchParts(index, parts, {});
  // "Mount Victoria" is a locality (NSW), "Fitzroy Victoria" is Fitzroy in VIC: a state spelt out
  // is read as part of the name first; "VIC" or a postcode narrows first.
  const [first, second] = spelt ? [asTyped, narrowed] : [narrowed, asTyped];
  const found = first();
  return found.length > 0 ? found : second();
}

function searchParts(index: GazetteerIndex, parts: string[], region: Region): GazetteerMatch[] {
  if (parts.length > 1) {
    const street = parseStreetLine(parts.slice(0, -1).join(', '));
    if (!street) return [];
    const localities = findLocalities(index, parts.at(-1)!, { ...region, wordStarts: true });
    return localities.map((locality) => ({ street, locality }));
  }
  const text = parts[0] ?? '';
  if (!/^\d/.test(text)) {
    const localities = findLocalities(index, text, { ...region, wordStarts: true });
    if (localities.length > 0) return localities.map((locality) => ({ street: null, locality }));
  }
  return splitWithoutComma(index, text, region);
}

/** The localities of a postcode (and state, when given): Victoria first, nearest first. */
function localitiesOfPostcode(index: GazetteerIndex, region: Region): GazetteerMatch[] {
  return [...index.byKey.values()]
    .filter((l) => l.postcode === region.postcode && (!region.state || l.state === region.state))
    .sort(
      (a, b) =>
        Number(b.state === 'VIC') - Number(a.state === 'VIC') ||
        a.distanceKm - b.distanceKm ||
        a.name.localeCompare(b.name),
    )
    .map((locality) => ({ street: null, locality }));
}

/** "12 Smith St Fitzroy": the suburb starts after a street type; the first split that names one wins. */
function splitWithoutComma(index: GazetteerIndex, text: string, region: Region): GazetteerMatch[] {
  const words = text.split(' ');
  for (let at = 2; at < words.length; at++) {
    if (!isStreetType(words[at - 1]!)) continue;
    const localities = findLocalities(index, words.slice(at).join(' '), region);
    if (localities.length === 0) continue;
    const street = parseStreetLine(words.slice(0, at).join(' '));
    return street ? localities.map((locality) => ({ street, locality })) : [];
  }
  return [];
}

/** Takes "VIC", "Victoria", "3065" and "Australia" off the end of the text. */
function takeRegion(parts: readonly string[]): { rest: string[]; region: Region; spelt: boolean } {
  const rest = [...parts];
  const region: Region = {};
  let spelt = false;
  while (rest.length > 0) {
    const words = rest.at(-1)!.split(' ');
    while (words.length > 0) {
      const word = words.at(-1)!.toLowerCase();
      if (word === 'australia') words.pop();
      else if (/^\d{4}$/.test(word) && !region.postcode) region.postcode = words.pop();
      else if (stateWords.has(word) && !region.state) {
        region.state = stateWords.get(word);
        spelt = word.length > 3;
        words.pop();
      } else break;
    }
    if (words.length > 0) {
      rest[rest.length - 1] = words.join(' ');
      break;
    }
    rest.pop();
  }
  return { rest, region, spelt };
}
