// The catalogue the business starts with (spec §3 and §9), written here once. The seed migration
// (drizzle/0001_seed-defaults.sql) holds the same rows as history that is never edited, and
// src/server/db/seeded-defaults.test.ts checks the two agree. Plain values, no zod: the web's
// first screen may import this.

/** Spec §3: the three concerns, all active, in this order. */
export const defaultPainPoints = [
  {
    id: 'uv-privacy',
    name: 'UV / Privacy / Heat & Glare',
    description: 'Block UV, keep rooms private and cut heat and glare',
    active: true,
    sortOrder: 1,
  },
  {
    id: 'thermal',
    name: 'Winter Thermal Insulation',
    description: 'Keep the warmth in during winter',
    active: true,
    sortOrder: 2,
  },
  {
    id: 'security',
    name: 'Security and Safety',
    description: 'Hold glass together and deter break-ins',
    active: true,
    sortOrder: 3,
  },
];

/** Spec §3: duration in minutes. */
export const defaultBookingOptions = [
  {
    id: 'estimate',
    label: 'Get an Estimate',
    description: 'Price Estimation from Measurements',
    duration: 30,
    active: true,
    sortOrder: 1,
  },
  {
    id: 'consultation',
    label: 'Book Consultation',
    description: 'Phone / Onsite Booking',
    duration: 30,
    active: true,
    sortOrder: 2,
  },
];

export { defaultBookingOptionId } from './default-booking-option';

/** Spec §9: 45 $/m² for standard tint, also what a concern without a pricing row costs. */
export const defaultPricePerSqmCents = 4500;
const standardTint = 'Standard tint';

/** One standard-tint row per default pain point. */
export const defaultPricing = defaultPainPoints.map((painPoint) => ({
  painPointName: painPoint.id,
  pricePerSqmCents: defaultPricePerSqmCents,
  description: standardTint,
  isActive: true,
}));

/** Spec §9: promo banners are green unless the admin picks a colour. */
export const defaultBannerColour = '#0a7d32';
