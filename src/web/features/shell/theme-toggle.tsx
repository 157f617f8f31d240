import { useEffect, useState } from 'react';
import { Icon } from '#web/components/ui/icon.tsx';
import { chooseTheme, currentTheme, followSystemTheme } from './theme';

export function ThemeToggle() {
  const [theme, setTheme] = useState(currentTheme);
  useEffect(() => followSystemTheme(setTheme), []);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="icon-btn justify-self-end"
      aria-pressed={dark}
      title={dark ? 'Dark theme is on' : 'Dark theme is off'}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        chooseTheme(next);
        setTheme(next);
      }}
    >
      <span className="sr-only">Dark theme</span>
      <Icon>
        {dark ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        ) : (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        )}
      </Icon>
    </button>
  );
}
