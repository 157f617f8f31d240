import { z } from 'zod';

const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

type Container = Record<string, unknown> | unknown[];
const emptyLike = (value: object): Container => (Array.isArray(value) ? [] : {});

/**
 * A copy of `value` with every object key camelCased. Iterative, with a list of the containers
 * still to fill: a body nested thousands deep must not overflow the stack (issue 16).
 */
export function camelizeKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const root = emptyLike(value);
  const pending: { from: object; to: Container }[] = [{ from: value, to: root }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { from, to } = next;
    const isArray = Array.isArray(from);
    for (const [key, child] of Object.entries(from)) {
      let copy: unknown = child;
      if (child !== null && typeof child === 'object') {
        copy = emptyLike(child);
        pending.push({ from: child, to: copy as Container });
      }
      // defineProperty: a key named __proto__ stays a plain key, as with Object.fromEntries
      Object.defineProperty(to, isArray ? key : toCamel(key), {
        value: copy,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return root;
}

/** Spec §3: clients may send snake_case (first_name) as well as camelCase (firstName). */
export function acceptSnakeCase<T extends z.ZodType>(schema: T) {
  return z.preprocess(camelizeKeys, schema);
}
