import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sessionStorageKeys, storageKeys, storedName } from './storage-keys';

describe('browser storage keys', () => {
  it('are all different, so no two modules share an entry by accident', () => {
    const names = [...Object.values(storageKeys), ...Object.values(sessionStorageKeys)];
    expect(new Set(names).size).toBe(names.length);
  });

  it('include the theme key public/theme-init.js reads before first paint (it cannot import)', () => {
    const script = readFileSync(new URL('../public/theme-init.js', import.meta.url), 'utf8');
    expect(script).toContain(`localStorage.getItem('${storedName(storageKeys.theme)}')`);
  });
});
