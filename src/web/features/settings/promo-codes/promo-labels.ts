import { defaultBannerText, type PromoCodeDto } from '#shared/admin/promo-codes.contract.ts';
import { formatCents } from '#shared/pricing/money.ts';
import { businessTimeZone } from '#web/lib/melbourne-time.ts';

// How the list and the form describe a promo code, in words an admin reads at a glance.

type Discount = Pick<PromoCodeDto, 'discountType' | 'discountValue'>;

export function discountLabel({ discountType, discountValue }: Discount): string {
  return discountType === 'percentage'
    ? `${discountValue}% off`
    : `${formatCents(discountValue)} off`;
}

/** Under the discount input: the unit, and a fixed discount in dollars as it is typed. */
export function discountHint(type: PromoCodeDto['discountType'], value: number | null): string {
  if (type === 'percentage') return 'A whole number from 1 to 100.';
  return value && value > 0
    ? `Dollars and cents: ${formatCents(value)} off.`
    : 'Dollars and cents, like 10 or 10.50.';
}

const day = new Intl.DateTimeFormat('en-AU', {
  timeZone: businessTimeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dayOf = (iso: string) => day.format(new Date(iso));

export function validityLabel({ validFrom, validTo }: PromoCodeDto): string {
  if (validFrom && validTo) return `${dayOf(validFrom)} to ${dayOf(validTo)}`;
  if (validFrom) return `From ${dayOf(validFrom)}, no end`;
  if (validTo) return `Until ${dayOf(validTo)}`;
  return 'No start or end date';
}

const plural = new Intl.PluralRules('en-AU');

/** '1 time' / '3 times': the noun agrees with the number it follows (CLDR plural rules). */
export function timesLabel(count: number): string {
  return `${count} ${plural.select(count) === 'one' ? 'time' : 'times'}`;
}

/** 'Used: 1 of 100 times': with a limit the noun follows the limit, the number it is next to. */
export function usageLabel({
  usageCount,
  usageLimit,
}: Pick<PromoCodeDto, 'usageCount' | 'usageLimit'>): string {
  return usageLimit === null
    ? `${timesLabel(usageCount)}, no limit`
    : `${usageCount} of ${timesLabel(usageLimit)}`;
}

/** Whether customers can use it now, as the server decides (shared/pricing/promo.ts). */
export function statusLabel(promo: PromoCodeDto, now: Date): string {
  if (!promo.isActive) return 'Inactive';
  if (promo.validFrom && now < new Date(promo.validFrom)) return 'Not started';
  if (promo.validTo && now > new Date(promo.validTo)) return 'Expired';
  if (promo.usageLimit !== null && promo.usageCount >= promo.usageLimit) return 'Used up';
  return 'Active';
}

/** The banner's text: its own, or spec §9's default with the discount filled in. */
export function bannerTextOf(promo: Discount & { code: string; bannerText: string | null }) {
  return promo.bannerText?.trim() || defaultBannerText(promo);
}
