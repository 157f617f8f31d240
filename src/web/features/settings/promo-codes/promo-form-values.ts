import { z } from 'zod';
import { addDays, dateIn, toOffsetIso, wallClock } from '#shared/booking/calendar.ts';
import { createPromoCodeSchema, type PromoCodeDto } from '#shared/admin/promo-codes.contract.ts';
import { defaultBannerColour } from '#shared/catalogue/catalogue-defaults.ts';
import { formatDollars, parseDollars } from '#web/features/settings/catalogue/money.ts';
import { businessTimeZone } from '#web/lib/melbourne-time.ts';

/** What the promo code form holds: dates are Melbourne calendar days, '' is an empty field. */
export interface PromoFormValues {
  code: string;
  description: string;
  discountType: 'percentage' | 'fixed';
  /**
   * As typed: a whole percent, or a fixed discount in dollars and cents ("10.50"), as in the
   * pricing section; the API keeps the fixed amount in cents (issue 15 item 13).
   */
  discountValue: string;
  isSeasonal: boolean;
  seasonName: string;
  utmTrigger: string;
  bannerText: string;
  bannerColor: string;
  validFrom: string;
  validTo: string;
  usageLimit: number | '';
  isActive: boolean;
}

export const blankPromo: PromoFormValues = {
  code: '',
  description: '',
  discountType: 'percentage',
  discountValue: '',
  isSeasonal: false,
  seasonName: '',
  utmTrigger: '',
  bannerText: '',
  bannerColor: defaultBannerColour,
  validFrom: '',
  validTo: '',
  usageLimit: '',
  isActive: true,
};

const tz = businessTimeZone;
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** The Melbourne day of an instant, as a date input shows it. */
const dayOf = (iso: string | null) => (iso ? dateIn(new Date(iso), tz) : '');

export function toFormValues(promo: PromoCodeDto): PromoFormValues {
  return {
    code: promo.code,
    description: promo.description ?? '',
    discountType: promo.discountType,
    discountValue:
      promo.discountType === 'fixed'
        ? formatDollars(promo.discountValue)
        : String(promo.discountValue),
    isSeasonal: promo.isSeasonal,
    seasonName: promo.seasonName ?? '',
    utmTrigger: promo.utmTrigger ?? '',
    bannerText: promo.bannerText ?? '',
    bannerColor: promo.bannerColor,
    validFrom: dayOf(promo.validFrom),
    validTo: dayOf(promo.validTo),
    usageLimit: promo.usageLimit ?? '',
    isActive: promo.isActive,
  };
}

/**
 * A day of the form as the instant the API takes: the start of the first day, the last second
 * of the last day (Melbourne time, so the offset follows daylight saving). A day left as it was
 * keeps its stored instant, which the API may have set to any time of that day.
 */
function instantOf(day: string, stored: string | null | undefined, edge: 'start' | 'end') {
  if (!calendarDate.test(day)) return day; // '' (none) or an unreadable date: the contract says which
  if (stored && dayOf(stored) === day) return stored;
  return edge === 'start'
    ? toOffsetIso(wallClock(day, 0, tz), tz)
    : toOffsetIso(wallClock(addDays(day, 1), 0, tz) - 1000, tz);
}

const emptyAsNull = (value: number | '') => (value === '' || Number.isNaN(value) ? null : value);

/** The form's message for a fixed amount that is not dollars and cents. */
export const dollarsMessage = 'Enter the discount in dollars and cents, like 10 or 10.50';

/**
 * The typed discount as the API's number: whole percent, or cents of a dollar amount; NaN where
 * it is neither (the contract then names the problem), null for a fixed amount that is not dollars.
 */
export function discountOf(type: PromoFormValues['discountType'], typed: string): number | null {
  const text = typed.trim();
  if (type === 'fixed') return parseDollars(text);
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/** The form's values checked by the shared contract, its messages on the form's fields. */
export function promoFormSchema(stored: PromoCodeDto | null) {
  return z
    .custom<PromoFormValues>()
    .transform((values, ctx): z.input<typeof createPromoCodeSchema> => {
      const discountValue = discountOf(values.discountType, values.discountValue);
      if (discountValue === null) {
        ctx.addIssue({ code: 'custom', message: dollarsMessage, path: ['discountValue'] });
        return z.NEVER;
      }
      return {
        ...values,
        discountValue,
        usageLimit: emptyAsNull(values.usageLimit),
        validFrom: instantOf(values.validFrom, stored?.validFrom, 'start'),
        validTo: instantOf(values.validTo, stored?.validTo, 'end'),
      };
    })
    .pipe(createPromoCodeSchema);
}
