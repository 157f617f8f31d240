import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { announceStep, framed } from '#web/lib/embed/framed.ts';
import { firstInteraction } from '#web/lib/first-interaction.ts';
import { withTimeout } from '#web/lib/lazy-load.ts';
import { Outlet, useLocation } from '#web/lib/router.tsx';
import { noteLocation } from '#web/lib/route-focus.ts';
import { ErrorBoundary } from './error-boundary';
import { SiteHeader } from './site-header';

// spec §2's partner strip sits below the fold: it downloads on the first interaction (or the 2 s
// preload), outside the first screen's JavaScript budget; a strip that fails to load is left out
const PartnerStrip = lazy(() =>
  firstInteraction()
    .then(() => withTimeout(import('./partner-strip')))
    .catch(() => ({ default: () => null })),
);

/** `banner`: the promo banner slot (router.tsx passes it: features do not import each other). */
export function AppLayout({ banner }: { banner?: ReactNode }) {
  const location = useLocation();
  useLayoutEffect(() => {
    noteLocation(location.key);
  }, [location.key]);
  // a new screen starts at the top; a filter or search kept in the URL (/leads) stays in place
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    announceStep();
  }, [location.pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-20 rounded-lg bg-surface p-3 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to main content
      </a>
      {/* the promo banner sticks to the top with the header, above it: it covers nothing */}
      <div className="sticky top-0 z-10">
        {banner}
        <SiteHeader />
      </div>
      {/* on another site's page, the page's own main landmark is beside this one: named apart */}
      <main
        id="main"
        tabIndex={-1}
        className="flex-1"
        aria-label={framed ? 'Book a consultation' : undefined}
      >
        {/* keyed by path: a page that crashed does not take the next page down with it */}
        <ErrorBoundary key={location.pathname}>
          <Suspense
            fallback={
              <p role="status" className="page text-muted">
                Loading...
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <PartnerStrip />
      </Suspense>
    </div>
  );
}
