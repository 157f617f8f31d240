// The first-run checklist of /settings (issue 15 item 15). A fresh install starts with neutral
// placeholder business details, a base address in central Melbourne (every travel charge is
// measured from it) and the default prices; each stays "not confirmed" until an admin says it is
// right. Until the business details are confirmed, customers see none of them.

/** The setting key of each item (category 'setup', a boolean; absent means not confirmed). */
export const setupItems = [
  {
    key: 'setup_business_confirmed',
    title: 'Business details',
    why: 'Your business name, e-mail and phone. Customers see them in the header and the help dialog only once you confirm them.',
    section: 'business',
  },
  {
    key: 'setup_base_address_confirmed',
    title: 'Base address',
    why: 'Every travel charge is measured from it. A new install starts in central Melbourne.',
    section: 'business',
  },
  {
    key: 'setup_prices_confirmed',
    title: 'Prices',
    why: 'The price per m² of each concern, the travel rate and the pane thresholds that estimates use.',
    section: 'pricing',
  },
] as const;

export type SetupKey = (typeof setupItems)[number]['key'];
export const setupCategory = 'setup';
export const businessConfirmedKey: SetupKey = 'setup_business_confirmed';
