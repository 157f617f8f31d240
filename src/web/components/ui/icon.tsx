import type { ReactNode } from 'react';

/**
 * A line icon on a 24 × 24 grid, drawn in the text's colour. Decoration only (aria-hidden): the
 * button or the text beside it says what it means.
 */
export function Icon({
  className = 'size-6',
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
