import QRCode from 'qrcode';
import {
  campaignLinkMessages as m,
  type CampaignLink,
  type CampaignLinkStats,
  type CreateCampaignLink,
} from '#shared/admin/campaign-links.contract.ts';
import { readTimezone } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { requestedPeriod } from '#server/lib/day-period.ts';
import { findPromoCodeByCode } from '#server/db/promo-code-store.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './campaign-links.repository';
import { qrPngInWorker } from './qr-in-worker';
import { qrOptions } from './qr-png';

export { minPngWidth } from './qr-png';

// Campaign links and QR codes (issue 30): the booking page with utm tags, for print.

/**
 * The booking page (the app's home, where the flow starts) with the link's utm tags. A promo code
 * goes in the fragment, `#CODE`: that is where the page's promo banner reads one from
 * (web/features/promo-banner/promo-request.ts); no query parameter carries a code.
 */
export function campaignUrl(
  appUrl: string,
  link: Pick<repo.CampaignLinkRow, 'source' | 'medium' | 'campaign' | 'promoCode'>,
): string {
  const url = new URL(`${appUrl.replace(/\/+$/, '')}/`);
  url.search = new URLSearchParams({
    utm_source: link.source,
    utm_medium: link.medium,
    utm_campaign: link.campaign,
  }).toString();
  if (link.promoCode) url.hash = link.promoCode;
  return url.toString();
}

function toLink(row: repo.CampaignLinkRow, appUrl: string): CampaignLink {
  return {
    id: row.id,
    url: campaignUrl(appUrl, row),
    name: row.name,
    source: row.source,
    medium: row.medium,
    campaign: row.campaign,
    promoCode: row.promoCode,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCampaignLinks(db: Db, appUrl: string): Promise<CampaignLink[]> {
  return (await repo.listCampaignLinks(db)).map((row) => toLink(row, appUrl));
}

/** Saves a link; a promo code must exist and be active (it is kept as the code is stored). */
export async function createCampaignLink(
  db: Db,
  input: CreateCampaignLink,
  createdBy: string | null,
  appUrl: string,
): Promise<CampaignLink> {
  let promoCode: string | null = null;
  if (input.promoCode) {
    const promo = await findPromoCodeByCode(db, input.promoCode);
    if (!promo?.isActive) throw HttpError.badRequest(m.promoCode, { promoCode: m.promoCode });
    promoCode = promo.code;
  }
  const row = await repo.insertCampaignLink(db, {
    name: input.name,
    source: input.source,
    medium: input.medium,
    campaign: input.campaign,
    promoCode,
    createdBy,
  });
  return toLink(row, appUrl);
}

/** Each saved link's visits, leads and bookings over the dashboard's range of Melbourne days. */
export async function campaignLinkStats(
  db: Db,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<CampaignLinkStats> {
  const period = requestedPeriod(query, now, await readTimezone(db));
  const links = await repo.campaignLinkCounts(db, period.span);
  return { range: { from: period.from, to: period.to }, links };
}

export async function deleteCampaignLink(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteCampaignLink(db, id))) throw HttpError.notFound(m.notFound);
}

/** The file name of a download: the link's name as a slug, e.g. "Van – rear door" → van-rear-door. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'campaign-link';
}

export type QrFormat = 'svg' | 'png';

/** The link's QR code as a download: its bytes, content type and file name. */
export async function campaignQr(db: Db, id: string, format: QrFormat, appUrl: string) {
  const row = await repo.findCampaignLink(db, id);
  if (!row) throw HttpError.notFound(m.notFound);
  const url = campaignUrl(appUrl, row);
  const fileName = `${slugOf(row.name)}-qr.${format}`;
  if (format === 'svg') {
    const body = await QRCode.toString(url, { ...qrOptions, type: 'svg' });
    return { body, contentType: 'image/svg+xml', fileName };
  }
  const body = await qrPngInWorker(url);
  return { body, contentType: 'image/png', fileName };
}
