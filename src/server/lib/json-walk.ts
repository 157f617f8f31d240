// Walks parsed JSON with a list instead of recursion: a body nested 10,000 deep fits in 20 KB,
// and a recursive walk of it would overflow the stack.

type Path = readonly (string | number)[];

/** Whether `value` has objects or arrays nested more than `maxDepth` deep. */
export function nestedDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= maxDepth) return true;
    for (const child of Object.values(next.value))
      pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/**
 * The path of the first string (a value or an object key) that `isBad` refuses, or null.
 * A bad key is reported at the path of the object that holds it.
 */
export function findString(value: unknown, isBad: (text: string) => boolean): Path | null {
  const pending: { value: unknown; path: Path }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (isBad(current)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      if (!Array.isArray(current) && isBad(key)) return path;
      pending.push({ value: child, path: [...path, Array.isArray(current) ? Number(key) : key] });
    }
  }
  return null;
}
