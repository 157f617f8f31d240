import { readJson } from './storage';
import { storageKeys } from './storage-keys';

/** The promo code applied on the Estimate step for this session, if any. */
export function savedPromoCode(sessionId: string): string | null {
  const stored = readJson(storageKeys.promoCode);
  if (typeof stored !== 'object' || stored === null) return null;
  const { sessionId: owner, code } = stored as { sessionId?: unknown; code?: unknown };
  return owner === sessionId && typeof code === 'string' && code.trim() ? code : null;
}
