// Promo codes the e2e server starts with (seeded by seed-e2e-data.ts). There is no admin API
// for promo codes yet; when it lands, the tests can create their own codes through it instead.
export const e2ePromoCodes = {
  /** 10 % off. */
  tenPercent: 'E2E-TEN',
  /** Ended yesterday. */
  expired: 'E2E-EXPIRED',
} as const;
