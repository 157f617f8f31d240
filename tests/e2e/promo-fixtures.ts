// type-only from Playwright: seed-e2e-data.ts runs this file outside the test runner
import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { PromoCodeDto } from '#shared/admin/promo-codes.contract.ts';

// Promo codes the e2e server starts with (seeded by seed-e2e-data.ts), for the specs that only
// apply a code. Specs that need codes of their own make them with createPromoCode (the admin
// API), each with a unique code, so parallel tests never share one.
export const e2ePromoCodes = {
  /** 10 % off. */
  tenPercent: 'E2E-TEN',
  /** Ended yesterday. */
  expired: 'E2E-EXPIRED',
} as const;

/** A code no other test uses: "PREFIX-3F9A1C". */
export const uniqueCode = (prefix: string) =>
  `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;

/** Creates a code through the admin API; `request` must carry an admin session (adminState). */
export async function createPromoCode(
  request: APIRequestContext,
  baseURL: string,
  fields: Record<string, unknown>,
): Promise<PromoCodeDto> {
  const response = await request.post('/api/promo-codes', {
    data: { discountType: 'percentage', discountValue: 20, ...fields },
    headers: { origin: baseURL }, // writes must come from the app's own origin
  });
  if (response.status() !== 201) {
    throw new Error(`Creating a promo code: ${response.status()} ${await response.text()}`);
  }
  return ((await response.json()) as { promoCode: PromoCodeDto }).promoCode;
}
