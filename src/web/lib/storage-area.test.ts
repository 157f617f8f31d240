import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageArea, storageRefused } from './storage-area';

// Issue 30: a browser that refuses storage (a frame on another site, cookies blocked) still
// keeps what the flow needs for the page's life; a full or missing storage fails soft.
const refusing = () => {
  throw new DOMException('Access is denied for this document.', 'SecurityError');
};

describe('storageArea', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps values in memory when the browser refuses its storage', () => {
    const area = storageArea(refusing);
    expect(area.get('a')).toBeNull();
    area.set('a', '1');
    expect(area.get('a')).toBe('1');
    expect(storageRefused()).toBe(true);
    area.remove('a');
    expect(area.get('a')).toBeNull();
  });

  it('uses the real storage when it works, and fails soft when it is full', () => {
    const kept = new Map<string, string>();
    let full = false;
    const storage = {
      getItem: (name: string) => kept.get(name) ?? null,
      setItem: (name: string, value: string) => {
        if (full) throw new DOMException('full', 'QuotaExceededError');
        kept.set(name, value);
      },
      removeItem: (name: string) => void kept.delete(name),
    } as unknown as Storage;
    const area = storageArea(() => storage);
    area.set('a', '1');
    expect(kept.get('a')).toBe('1');
    full = true;
    area.set('b', '2');
    expect(area.get('b')).toBeNull();
  });

  it('keeps nothing where there is no storage at all', () => {
    const area = storageArea(() => {
      throw new ReferenceError('localStorage is not defined');
    });
    area.set('a', '1');
    expect(area.get('a')).toBeNull();
  });
});
