import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { publicPromoSchema } from '#shared/admin/promo-codes.contract.ts';
import { setActivePromo } from '#web/lib/active-promo.ts';
import { api } from '#web/lib/api-client.ts';
import { bannerBackground, bannerTextColour } from '#web/lib/banner-colour.ts';
import { getSessionId } from '#web/lib/session-id.ts';
import type { PromoRequest } from './promo-request';

type Lookup = z.infer<typeof publicPromoSchema>;
type PublicPromo = NonNullable<Lookup['promo']>;

/** Spec §9: the banner closes itself after 10 s. */
const bannerSeconds = 10;

// A code or campaign with no promotion is a normal answer (promo null), not a failed request.
async function lookUp(request: PromoRequest & { kind: 'code' | 'campaign' }) {
  const { promo } =
    request.kind === 'code'
      ? await api.get<Lookup>(`/api/promo-codes/lookup/${encodeURIComponent(request.code)}`)
      : await api.post<Lookup>(`/api/promo-codes/utm/${encodeURIComponent(request.trigger)}`, {});
  return promo;
}

/**
 * Spec §4 Promo: looks the code up; a valid one becomes the session's promo code (the Estimate
 * applies it) and shows its banner. A failed or empty lookup of a hash clears the promo; a
 * campaign link without a promotion changes nothing (most campaign links have none).
 */
export default function PromoBanner({ request }: { request: PromoRequest }) {
  const [promo, setPromo] = useState<PublicPromo | null>(null);
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    if (request.kind === 'clear') {
      setActivePromo(getSessionId(), null);
      return;
    }
    let current = true;
    const none = () => {
      if (current && request.kind === 'code') setActivePromo(getSessionId(), null);
    };
    lookUp(request).then((found) => {
      if (!found) return none();
      if (!current) return;
      setActivePromo(getSessionId(), found.code);
      setPromo(found);
    }, none);
    return () => {
      current = false;
    };
  }, [request]);

  const close = useCallback(() => {
    // focus on the close button would be lost with it: the page's main content takes it
    if (banner.current?.contains(document.activeElement)) document.getElementById('main')?.focus();
    setPromo(null);
  }, []);

  useEffect(() => {
    if (!promo) return;
    const timer = setTimeout(close, bannerSeconds * 1000);
    return () => clearTimeout(timer);
  }, [promo, close]);

  // the live region is in the page before its text arrives, so screen readers announce it
  return (
    <section
      ref={banner}
      aria-label={promo ? 'Promotion' : undefined}
      style={
        promo
          ? {
              backgroundColor: bannerBackground(promo.bannerColor),
              color: bannerTextColour(promo.bannerColor),
            }
          : undefined
      }
    >
      <div className={promo ? 'mx-auto flex max-w-5xl items-center gap-2 px-3 py-1' : undefined}>
        <p role="status" className={promo ? 'flex-1 py-2 text-center font-semibold' : 'sr-only'}>
          {promo?.bannerText}
        </p>
        {promo && (
          <button
            type="button"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-current"
            aria-label="Close the promotion banner"
            onClick={close}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
        )}
      </div>
    </section>
  );
}
