import { errorCodes, type ErrorCode } from '#shared/api/error.ts';

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

type Reason = keyof typeof promoMessages;

const reasonCodes = {
  unknown: errorCodes.promoUnknown,
  inactive: errorCodes.promoInactive,
  notYetValid: errorCodes.promoNotYetValid,
  expired: errorCodes.promoExpired,
  usedUp: errorCodes.promoUsedUp,
} as const satisfies Record<Reason, ErrorCode>;

/** A refusal: the API code (what screens act on) and the message the customer reads. */
export interface PromoRefusal {
  code: ErrorCode;
  message: string;
}

const refusal = (reason: Reason): PromoRefusal => ({
  code: reasonCodes[reason],
  message: promoMessages[reason],
});

/** Promo codes switched off in Settings: no code is taken, and the customer is told so. */
export const promoDisabled: PromoRefusal = {
  code: errorCodes.promoDisabled,
  message: 'Promo codes are not available right now.',
};

/** No promo code by that text. */
export const unknownPromo = refusal('unknown');

/** Why a promo code cannot be used now, or null when it can. Usage is counted on booking. */
export function promoRefusal(promo: PromoRules | null | undefined, now: Date): PromoRefusal | null {
  if (!promo) return unknownPromo;
  if (!promo.isActive) return refusal('inactive');
  if (promo.validFrom && now < promo.validFrom) return refusal('notYetValid');
  if (promo.validTo && now > promo.validTo) return refusal('expired');
  if (promo.usageLimit !== null && promo.usageCount >= promo.usageLimit) return refusal('usedUp');
  return null;
}
