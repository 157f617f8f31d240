import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '#web/lib/router.tsx';
import { useDocumentTitle } from '#web/lib/page-title.ts';
import { isAfterNavigation } from '#web/lib/route-focus.ts';

/** The page's h1: names the tab, and takes focus after a route change. */
export function PageHeading({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useDocumentTitle(title);
  useEffect(() => {
    if (isAfterNavigation()) ref.current?.focus();
  }, [key]);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight sm:text-3xl">
      {children}
    </h1>
  );
}
