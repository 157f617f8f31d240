import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '#web/lib/router.tsx';
import { useDocumentTitle } from '#web/lib/page-title.ts';
import { isAfterNavigation } from '#web/lib/route-focus.ts';

/**
 * The h1 of a leads screen. Unlike PageHeading it takes focus when the path changes only: on
 * /leads every filter is a new URL, and focus must stay on the control that changed it.
 */
export function ScreenHeading({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useDocumentTitle(title);
  useEffect(() => {
    if (isAfterNavigation()) ref.current?.focus();
  }, [pathname]);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight sm:text-3xl">
      {children}
    </h1>
  );
}
