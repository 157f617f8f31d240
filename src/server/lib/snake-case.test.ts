import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptSnakeCase, camelizeKeys } from './snake-case';

describe('snake_case input', () => {
  it('camelCases keys at every depth and leaves values alone', () => {
    expect(
      camelizeKeys({ first_name: 'Ann', utm_data: { utm_source: 'x' }, list: [{ a_b: 1 }, 'c_d'] }),
    ).toEqual({ firstName: 'Ann', utmData: { utmSource: 'x' }, list: [{ aB: 1 }, 'c_d'] });
  });

  it('converts 100,000 levels without overflowing the stack (it is iterative)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { some_key: deep };
    let converted = camelizeKeys(deep) as { someKey?: unknown };
    for (let i = 0; i < 100_000; i++) converted = converted.someKey as { someKey?: unknown };
    expect(converted).toBe(1);
  });

  it('never turns a key into a prototype', () => {
    const converted = camelizeKeys(JSON.parse('{"__proto__":{"is_admin":true}}')) as object;
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype);
    expect('isAdmin' in converted).toBe(false);
  });

  it('validates the converted value with the contract', () => {
    const schema = acceptSnakeCase(z.object({ firstName: z.string() }));
    expect(schema.parse({ first_name: 'Ann' })).toEqual({ firstName: 'Ann' });
  });
});
