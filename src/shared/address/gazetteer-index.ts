import { addressSearch } from './address.contract';
import type { Locality } from './locality';

export interface IndexedLocality extends Locality {
  /** Stable, URL-safe id used inside place ids, e.g. "vic-3065-fitzroy". */
  key: string;
  /** Distance from the Melbourne CBD, the centre the business serves. */
  distanceKm: number;
}

interface Term {
  /** A normalised name, or the tail of one starting at a later word ("kilda" of "st kilda"). */
  text: string;
  locality: IndexedLocality;
  wordStart: boolean;
}

export interface GazetteerIndex {
  byKey: ReadonlyMap<string, IndexedLocality>;
  /** Sorted by text so a prefix is found by binary search instead of a scan of every locality. */
  terms: readonly Term[];
  size: number;
}

export interface LocalityFilter {
  state?: string | undefined;
  postcode?: string | undefined;
  /** Also match later words of a name ("kilda" → St Kilda); off when splitting text without commas. */
  wordStarts?: boolean;
}

/** Lower case, accents and apostrophes dropped, other punctuation as spaces: "O’Connor" → "oconnor". */
export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f'’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function localityKey(locality: Locality): string {
  return `${locality.state.toLowerCase()}-${locality.postcode}-${normalizeName(locality.name).replaceAll(' ', '-')}`;
}

export function buildGazetteerIndex(localities: readonly Locality[]): GazetteerIndex {
  const byKey = new Map<string, IndexedLocality>();
  const terms: Term[] = [];
  for (const locality of localities) {
    const key = localityKey(locality);
    if (byKey.has(key)) continue; // the data repeats a few names with curly and straight apostrophes
    const indexed = { ...locality, key, distanceKm: distanceFromMelbourneKm(locality) };
    byKey.set(key, indexed);
    const words = normalizeName(locality.name).split(' ');
    words.forEach((_word, i) => {
      terms.push({ text: words.slice(i).join(' '), locality: indexed, wordStart: i > 0 });
    });
  }
  terms.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return { byKey, terms, size: byKey.size };
}

/**
 * Localities whose name is, or starts with, the text; best first: exact names, then name prefixes,
 * then later-word prefixes; within each, Victoria first and then nearest to Melbourne.
 */
export function findLocalities(
  index: GazetteerIndex,
  text: string,
  filter: LocalityFilter = {},
): IndexedLocality[] {
  const query = normalizeName(text);
  if (query === '') return [];
  const tiers = new Map<IndexedLocality, number>();
  for (let i = lowerBound(index.terms, query); i < index.terms.length; i++) {
    const term = index.terms[i]!;
    if (!term.text.startsWith(query)) break;
    if (term.wordStart && !filter.wordStarts) continue;
    const { locality } = term;
    if (filter.state && locality.state !== filter.state) continue;
    if (filter.postcode && locality.postcode !== filter.postcode) continue;
    const tier = term.wordStart ? 2 : term.text === query ? 0 : 1;
    tiers.set(locality, Math.min(tier, tiers.get(locality) ?? tier));
  }
  return [...tiers.entries()]
    .sort(([a, tierA], [b, tierB]) => tierA - tierB || rankInTier(a, b))
    .map(([locality]) => locality);
}

function rankInTier(a: IndexedLocality, b: IndexedLocality): number {
  const vic = Number(b.state === 'VIC') - Number(a.state === 'VIC');
  return vic || a.distanceKm - b.distanceKm || a.name.localeCompare(b.name);
}

function lowerBound(terms: readonly Term[], query: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (terms[mid]!.text < query) low = mid + 1;
    else high = mid;
  }
  return low;
}

function distanceFromMelbourneKm({ lat, lng }: { lat: number; lng: number }): number {
  const { centre } = addressSearch;
  const rad = Math.PI / 180;
  const dLat = (lat - centre.lat) * rad;
  const dLng = (lng - centre.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(centre.lat * rad) * Math.cos(lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
