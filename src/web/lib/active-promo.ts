import { useSyncExternalStore } from 'react';
import { savedPromoCode } from './saved-promo';
import { removeItem, writeJson } from './storage';
import { storageKeys } from './storage-keys';

// The session's active promo code: set by the promo banner (a URL hash or a campaign link) or
// typed on the Estimate step, and applied by the Estimate and Booking steps. One stored value
// (storageKeys.promoCode, with its session id) so a code from either place is the same code.
const changeEvent = 'tintbook:active-promo';

export function readActivePromo(sessionId: string): string | null {
  return savedPromoCode(sessionId);
}

/** Sets (or with null clears) the session's promo code; open screens showing it update. */
export function setActivePromo(sessionId: string, code: string | null): void {
  if (code) writeJson(storageKeys.promoCode, { sessionId, code });
  else removeItem(storageKeys.promoCode);
  // optional: unit tests run without a window
  globalThis.dispatchEvent?.(new Event(changeEvent));
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(changeEvent, listener);
  // another tab of the same browser shares the storage
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(changeEvent, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The session's promo code, kept current when the banner or another tab changes it. */
export function useActivePromo(sessionId: string): string | null {
  return useSyncExternalStore(subscribe, () => readActivePromo(sessionId));
}
