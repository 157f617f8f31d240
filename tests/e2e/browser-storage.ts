import type { Page } from '@playwright/test';
import { storageKeys, storedName, type StorageKey } from '#web/lib/storage-keys.ts';

// The app's localStorage as the specs read and seed it, under the keys the app itself uses
// (src/web/lib/storage-keys.ts): a renamed key cannot leave a spec reading the old one.
export { storageKeys };

/** The raw text the app keeps under `key`, null when there is none. */
export function readStored(page: Page, key: StorageKey): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), storedName(key));
}

/** Stores `value` as JSON under `key`, as the app would have saved it. */
export async function writeStored(page: Page, key: StorageKey, value: unknown): Promise<void> {
  await page.evaluate(([name, json]) => localStorage.setItem(name, json), [
    storedName(key),
    JSON.stringify(value),
  ] as const);
}
