import { paths } from '#web/paths.ts';

// First-screen code: nothing here but string checks, so the banner itself can load lazily.

export type PromoRequest =
  { kind: 'code'; code: string } | { kind: 'campaign'; trigger: string } | { kind: 'clear' };

// The shapes the server accepts (codes and utmTrigger of shared/admin/promo-codes.contract.ts),
// copied rather than imported so zod stays off the first screen; promo-request.test.ts compares.
export const codePattern = /^[A-Za-z0-9_-]{2,30}$/;
export const campaignPattern = /^[A-Za-z0-9_.-]{1,100}$/;

// staff screens use hashes for their section links, and have no banner to show
const staffScreens: string[] = [paths.settings, paths.trakSettings, paths.dashboard, paths.leads];

/**
 * What the address asks of the promo banner (spec §4 Promo), or null for nothing. A hash is a
 * code only if it looks like one and names no element of the page (the skip link's #main). At
 * load a campaign link (utm_campaign) counts too; a hash emptied later is an empty lookup.
 */
export function promoRequestAt(
  location: { pathname: string; hash: string; search: string },
  moment: 'load' | 'hashchange',
  isElementId: (id: string) => boolean,
): PromoRequest | null {
  if (staffScreens.includes(location.pathname)) return null;
  const hash = location.hash.replace(/^#/, '');
  if (hash)
    return codePattern.test(hash) && !isElementId(hash) ? { kind: 'code', code: hash } : null;
  if (moment === 'hashchange') return { kind: 'clear' };
  const campaign = new URLSearchParams(location.search).get('utm_campaign')?.trim();
  return campaign && campaignPattern.test(campaign)
    ? { kind: 'campaign', trigger: campaign }
    : null;
}
