import { useEffect, useRef } from 'react';

/**
 * Focus for an element that the next render creates or keeps (an editor that opens, the Edit
 * button that comes back when it closes). It is looked up after each commit until found.
 */
export function usePendingFocus(): (find: () => HTMLElement | null) => void {
  const pending = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    const target = pending.current?.();
    if (target) {
      target.focus();
      pending.current = null;
    }
  });
  return (find) => {
    pending.current = find;
  };
}
