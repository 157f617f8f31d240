import { useEffect } from 'react';

// The sections of an admin page load on their own: the browser's jump to /settings#backups
// happens before the section is there, and the ones above it push it down as they fill in.
const followMs = 10_000;
const readerMoves = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * When the address names section `id`, brings it into view once `ready`, and keeps it there
 * while the page above it grows, for a few seconds or until the reader scrolls, taps or types.
 */
export function useSectionInView(id: string, ready: boolean) {
  useEffect(() => {
    if (!ready || window.location.hash !== `#${id}`) return;
    const bring = () => document.getElementById(id)?.scrollIntoView({ block: 'start' });
    const frame = requestAnimationFrame(bring);
    const observer = new ResizeObserver(() => bring());
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      for (const event of readerMoves) window.removeEventListener(event, stop);
    };
    for (const event of readerMoves) window.addEventListener(event, stop, { passive: true });
    const timer = setTimeout(stop, followMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop();
    };
  }, [id, ready]);
}
