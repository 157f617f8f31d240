import { readText, writeText } from '#web/lib/storage.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';

// public/theme-init.js reads the same key before first paint (lib/storage-keys.test.ts checks).
export type Theme = 'light' | 'dark';
const key = storageKeys.theme;
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');

export function storedTheme(): Theme | null {
  const value = readText(key);
  return value === 'light' || value === 'dark' ? value : null;
}

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function chooseTheme(theme: Theme): void {
  writeText(key, theme);
  applyTheme(theme);
}

/** Until the person picks a theme, the page follows the system setting, live. */
export function followSystemTheme(onChange: (theme: Theme) => void): () => void {
  const query = systemDark();
  const listener = () => {
    if (storedTheme()) return;
    const theme = query.matches ? 'dark' : 'light';
    applyTheme(theme);
    onChange(theme);
  };
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
