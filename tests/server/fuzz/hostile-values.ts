import fc from 'fast-check';

// What a careless or hostile client sends instead of the contract's values: the characters the
// database refuses, extremes, wrong types, deep nesting, and raw bodies that are not what their
// content type says.

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

export const hostileStrings = [
  '\u0000',
  'Al\u0000ex',
  '\ud800',
  'spring \udfff sale',
  '\ud83d',
  '😀🇦🇺',
  '\u202eRTL',
  '\uFEFFbom',
  ' ',
  '',
  'a'.repeat(5000),
  "'; DROP TABLE leads; --",
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-02-30',
  '1e309',
  '-0',
  '__proto__',
  'constructor',
] as const;

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 5e-324, 2 ** 53 + 2, -(2 ** 31)),
  fc.constantFrom([], {}, [[[[]]]], nested(40), { a: nested(33) }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Every path to a value inside `root` (root itself is []). */
function pathsOf(root: unknown): (string | number)[][] {
  const paths: (string | number)[][] = [[]];
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    for (const [key, child] of Object.entries(next.value)) {
      const path = [...next.path, Array.isArray(next.value) ? Number(key) : key];
      paths.push(path);
      pending.push({ value: child, path });
    }
  }
  return paths;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Characters PostgreSQL refuses (NUL) or jsonb refuses (lone surrogates). */
const poisons = ['\u0000', '\ud800', '\udfff', '\ud83d'] as const;

export type Mutation =
  | { kind: 'none' }
  | { kind: 'poison'; at: number; offset: number; character: string }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'snake_case' }
  | { kind: 'extra-key'; key: string; value: unknown };

const mutations = {
  none: fc.constant({ kind: 'none' as const }),
  // one bad character inside an otherwise good string: the value still passes a contract that
  // forgot the text rule, and reaches the database
  poison: fc.record({
    kind: fc.constant('poison' as const),
    at: fc.nat(),
    offset: fc.nat(),
    character: fc.constantFrom(...poisons),
  }),
  replace: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
  drop: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  snakeCase: fc.constant({ kind: 'snake_case' as const }),
  extraKey: fc.record({
    kind: fc.constant('extra-key' as const),
    key: fc.constantFrom(...hostileStrings, 'unknownField'),
    value: hostileValue,
  }),
};

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: mutations.none },
  { weight: 4, arbitrary: mutations.poison },
  { weight: 4, arbitrary: mutations.replace },
  { weight: 1, arbitrary: mutations.drop },
  { weight: 1, arbitrary: mutations.snakeCase },
  { weight: 1, arbitrary: mutations.extraKey },
);

function snakeCased(value: unknown): unknown {
  if (value === undefined) return value;
  // a JSON round trip whose reviver renames the keys of every object
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    v === null || typeof v !== 'object' || Array.isArray(v)
      ? v
      : Object.fromEntries(Object.entries(v).map(([k, x]) => [snake(k), x])),
  ) as unknown;
}

type Path = (string | number)[];
const valueAt = (root: unknown, path: Path) =>
  path.reduce<unknown>((value, step) => (value as Record<string, unknown>)[step], root);

/** `root` with the value at `path` replaced (or removed when `value` is `drop`). */
function withValueAt(root: unknown, path: Path, value: unknown, drop = false): unknown {
  if (path.length === 0) return drop ? undefined : value;
  const parent = valueAt(root, path.slice(0, -1)) as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (drop) delete parent[last];
  else parent[last] = value;
  return root;
}

/** `value` with the mutation applied (a copy; the generated value is left alone). */
export function mutate(value: unknown, m: Mutation): unknown {
  if (m.kind === 'none') return value;
  const root = structuredClone(value) as unknown;
  if (m.kind === 'snake_case') return snakeCased(root);
  if (m.kind === 'extra-key') {
    if (root === null || typeof root !== 'object' || Array.isArray(root)) return root;
    Object.defineProperty(root, m.key, { value: m.value, enumerable: true, writable: true });
    return root;
  }
  if (m.kind === 'poison') {
    const strings = pathsOf(root).filter((path) => typeof valueAt(root, path) === 'string');
    const path = strings[m.at % Math.max(strings.length, 1)];
    if (!path) return root;
    const text = valueAt(root, path) as string;
    const at = m.offset % (text.length + 1);
    return withValueAt(root, path, text.slice(0, at) + m.character + text.slice(at));
  }
  const paths = pathsOf(root);
  const path = paths[m.at % paths.length] ?? [];
  return m.kind === 'drop'
    ? withValueAt(root, path, undefined, true)
    : withValueAt(root, path, m.value);
}

const boundary = 'fuzzBoundary';
const filePart = (b: string) =>
  `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n` +
  `Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 not a photo\r\n`;

/** Bodies that are not what their content type says, or not complete. */
export const rawBodies: readonly { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{"firstName":' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"just a string"' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', payload: `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}` },
  { contentType: 'application/json', payload: '{"text":"\\u0000","note":"\\ud800"}' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'multipart/form-data', payload: filePart('x') + '--x--\r\n' },
  { contentType: `multipart/form-data; boundary=${boundary}`, payload: filePart('other') },
  { contentType: `multipart/form-data; boundary=${boundary}`, payload: filePart(boundary) },
  {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${filePart(boundary)}--${boundary}--\r\n`,
  },
  { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: filePart('b') },
  { contentType: 'multipart/form-data; boundary=""', payload: '--\r\n' },
];
