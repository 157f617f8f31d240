import { z } from 'zod';

const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [toCamel(k), camelizeKeys(v)]),
  );
}

/** Spec §3: clients may send snake_case (first_name) as well as camelCase (firstName). */
export function acceptSnakeCase<T extends z.ZodType>(schema: T) {
  return z.preprocess(camelizeKeys, schema);
}
