import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  it('forgets an entry once its time is up', () => {
    let now = 0;
    const cache = new ExpiringCache<number>({ maxEntries: 10, ttlMs: 100, clock: () => now });
    cache.set('a', 1);
    now = 99;
    expect(cache.get('a')).toBe(1);
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new ExpiringCache<string | null>({ maxEntries: 2, ttlMs: 1000 });
    cache.set('a', 'A');
    cache.set('b', null);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual(['A', 'C', 2]);
  });
});
