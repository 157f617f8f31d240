/** The street part of an address as the customer typed it, tidied: "12 smith st" → "12 Smith Street". */
export interface StreetLine {
  /** The whole line as shown, e.g. "Unit 3, 12 Smith Street". */
  text: string;
  /** House number as typed ("12", "12A", "3/12", "12-14"), or null for a street alone. */
  number: string | null;
  /** Street name with its type spelt out, e.g. "Smith Street". */
  route: string;
  /** Street name with its type abbreviated, e.g. "Smith St" (Google's short_name style). */
  routeShort: string;
}

export const maxStreetLength = 100;

// Australia Post's common street types; the key is every spelling accepted, the value [long, short].
const streetTypes: Record<string, readonly [string, string]> = {};
for (const [long, short, ...aliases] of [
  ['Street', 'St'],
  ['Road', 'Rd'],
  ['Avenue', 'Ave', 'Av'],
  ['Drive', 'Dr'],
  ['Court', 'Ct'],
  ['Place', 'Pl'],
  ['Crescent', 'Cres', 'Cr'],
  ['Parade', 'Pde'],
  ['Highway', 'Hwy'],
  ['Boulevard', 'Bvd', 'Blvd'],
  ['Lane', 'Lane', 'Ln'],
  ['Terrace', 'Tce'],
  ['Close', 'Cl'],
  ['Grove', 'Gr'],
  ['Circuit', 'Cct'],
  ['Esplanade', 'Esp'],
  ['Square', 'Sq'],
  ['Parkway', 'Pkwy'],
  ['Way', 'Way'],
  ['Walk', 'Walk'],
  ['Rise', 'Rise'],
] as const) {
  for (const spelling of [long, short, ...aliases]) {
    streetTypes[spelling.toLowerCase()] = [long, short];
  }
}

export function isStreetType(word: string): boolean {
  return Object.hasOwn(streetTypes, word.toLowerCase().replace(/\.$/, ''));
}

const numberPattern = /^\d{1,5}[a-z]?(?:[-/]\d{1,5}[a-z]?)?$/i;
// Letters of any script, digits and the punctuation addresses use; nothing that could mark up HTML.
const allowedText = /^[\p{L}\p{M}0-9 '’\-/.&,]+$/u;

/** Null when the text cannot be a street line (too long, odd characters, or no street name). */
export function parseStreetLine(input: string): StreetLine | null {
  const text = input
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ');
  if (text === '' || text.length > maxStreetLength || !allowedText.test(text)) return null;
  // "Unit 3, 12 Smith St": the number and the street are in the last comma-separated part.
  const parts = text.split(', ').filter((part) => part !== '');
  const words = parts.pop()?.split(' ') ?? [];
  const number = words[0] && numberPattern.test(words[0]) ? words.shift()!.toUpperCase() : null;
  if (!words.some((word) => /\p{L}/u.test(word))) return null;

  const nameWords = words.map(capitalise);
  const last = nameWords.length > 1 ? nameWords.at(-1)! : '';
  const type = isStreetType(last) ? streetTypes[last.toLowerCase().replace(/\.$/, '')] : undefined;
  const name = type ? nameWords.slice(0, -1).join(' ') : nameWords.join(' ');
  const route = type ? `${name} ${type[0]}` : name;
  const routeShort = type ? `${name} ${type[1]}` : name;
  const line = [number, route].filter(Boolean).join(' ');
  return { text: [...parts.map(capitaliseWords), line].join(', '), number, route, routeShort };
}

/** "smith" → "Smith", "SMITH" → "Smith", "McKinnon" stays as typed. */
function capitalise(word: string): string {
  const base = word.length > 1 && word === word.toUpperCase() ? word.toLowerCase() : word;
  return base.charAt(0).toUpperCase() + base.slice(1);
}

function capitaliseWords(text: string): string {
  return text.split(' ').map(capitalise).join(' ');
}
