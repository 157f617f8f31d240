import { describe, expect, it } from 'vitest';
import { findString, nestedDeeperThan } from './json-walk';

const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

describe('walking parsed JSON without recursion', () => {
  it('measures nesting depth, up to bodies 100,000 deep', () => {
    expect(nestedDeeperThan(nested(32), 32)).toBe(false);
    expect(nestedDeeperThan(nested(33), 32)).toBe(true);
    expect(nestedDeeperThan(nested(100_000), 32)).toBe(true);
    expect(nestedDeeperThan({ a: { b: 'text' } }, 2)).toBe(false);
    expect(nestedDeeperThan('scalar', 0)).toBe(false);
  });

  it('finds the path of the first bad string, in a value or a key', () => {
    const bad = (text: string) => text.includes('!');
    expect(findString({ a: [{ b: 'ok' }, { c: 'no!' }] }, bad)).toEqual(['a', 1, 'c']);
    expect(findString({ a: { 'key!': 1 } }, bad)).toEqual(['a']);
    expect(findString('top!', bad)).toEqual([]);
    expect(findString({ a: ['fine'] }, bad)).toBeNull();
  });
});
