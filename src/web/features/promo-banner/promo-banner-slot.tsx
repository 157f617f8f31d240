import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { promoRequestAt, type PromoRequest } from './promo-request';

// The banner and its lookup are a chunk of their own, fetched only when the address asks for a
// promo: the first screen carries just the check of the address. A banner that cannot load
// (offline) is no reason to break the page.
const PromoBanner = lazy<ComponentType<{ request: PromoRequest }>>(() =>
  import('./promo-banner').catch(() => ({ default: () => null })),
);

const isElementId = (id: string) => document.getElementById(id) !== null;

/** Where the promo banner appears, above the header; looks at the address on load and on hashchange. */
export function PromoBannerSlot() {
  // numbered: the same code asked for again is looked up again
  const [request, setRequest] = useState<{ n: number; ask: PromoRequest } | null>(null);

  useEffect(() => {
    const look = (moment: 'load' | 'hashchange') => {
      const ask = promoRequestAt(window.location, moment, isElementId);
      if (ask) setRequest((last) => ({ n: (last?.n ?? 0) + 1, ask }));
    };
    // after the first render, so the page's own ids (#main) exist
    look('load');
    const onHashChange = () => look('hashchange');
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <PromoBanner key={request.n} request={request.ask} />
    </Suspense>
  );
}
