export const promoMessages = {
  unknown: 'That promo code is not valid.',
  inactive: 'That promo code is no longer active.',
  notYetValid: 'That promo code is not valid yet.',
  expired: 'That promo code has expired.',
  usedUp: 'That promo code has reached its usage limit.',
} as const;

export interface PromoRules {
  isActive: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  usageLimit: number | null;
  usageCount: number;
}

/** Why a promo code cannot be used now, or null when it can. Usage is counted on booking. */
export function promoRefusal(promo: PromoRules | null | undefined, now: Date): string | null {
  if (!promo) return promoMessages.unknown;
  if (!promo.isActive) return promoMessages.inactive;
  if (promo.validFrom && now < promo.validFrom) return promoMessages.notYetValid;
  if (promo.validTo && now > promo.validTo) return promoMessages.expired;
  if (promo.usageLimit !== null && promo.usageCount >= promo.usageLimit)
    return promoMessages.usedUp;
  return null;
}
