// Where a visit came from, decided the same way on the server (UTM capture, lead attribution)
// and on the staff dashboard. Pure: no clock, no storage, no network.

/** Google Ads' click ids (gclid, gbraid/wbraid for iOS, gad_* auto-tagging). */
export const googleAdsClickIds = [
  'gclid',
  'gbraid',
  'gbraidid',
  'wbraid',
  'gad_source',
  'gad_campaignid',
] as const;

/** The ad-click ids of spec §3 "UTM capture" (gbraidid as the spec spells it, gbraid as Google does). */
export const clickIdParams = [...googleAdsClickIds, 'fbclid'] as const;
export type ClickIdParam = (typeof clickIdParams)[number];

export const utmParams = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
export type UtmParam = (typeof utmParams)[number];

/** Every landing parameter attribution reads. */
export const attributionParams = [...utmParams, ...clickIdParams] as const;
export type AttributionParam = (typeof attributionParams)[number];
export type AttributionParamValues = Partial<Record<AttributionParam, string>>;

/**
 * The families a visit is grouped in: the dashboard and the lead detail use these names.
 * google_ads / meta_ads: an ad click id; other_utm: utm_* tags without a click id;
 * organic / social / referral / direct: no tags, decided from the referrer.
 */
export const attributionFamilies = [
  'google_ads',
  'meta_ads',
  'other_utm',
  'organic',
  'social',
  'referral',
  'direct',
] as const;
export type AttributionFamily = (typeof attributionFamilies)[number];

export const attributionFamilyLabels: Record<AttributionFamily, string> = {
  google_ads: 'Google Ads',
  meta_ads: 'Meta ads',
  other_utm: 'Tagged campaign',
  organic: 'Organic search',
  social: 'Social',
  referral: 'Referral',
  direct: 'Direct',
};

export interface Attribution {
  family: AttributionFamily;
  /** utm_source when given, else the engine, site or host the visit came from ('(direct)' for none). */
  source: string;
  /** utm_medium when given, else 'cpc', 'paid_social', 'organic', 'social', 'referral' or '(none)'. */
  medium: string;
  campaign: string | null;
}

// Hosts matched by their registrable name anywhere in the host name (www.google.com.au, m.facebook.com).
const searchEngines: Record<string, string> = {
  google: 'google',
  bing: 'bing',
  yahoo: 'yahoo',
  duckduckgo: 'duckduckgo',
  ecosia: 'ecosia',
  baidu: 'baidu',
  yandex: 'yandex',
  'search.brave': 'brave',
};
const socialSites: Record<string, string> = {
  facebook: 'facebook',
  'fb.com': 'facebook',
  'fb.me': 'facebook',
  instagram: 'instagram',
  'l.instagram': 'instagram',
  't.co': 'twitter',
  twitter: 'twitter',
  'x.com': 'twitter',
  linkedin: 'linkedin',
  'lnkd.in': 'linkedin',
  pinterest: 'pinterest',
  reddit: 'reddit',
  tiktok: 'tiktok',
  youtube: 'youtube',
  threads: 'threads',
  snapchat: 'snapchat',
  whatsapp: 'whatsapp',
};

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/** The named site whose key is a whole label sequence of the host (google.com.au → google). */
function siteOf(host: string, sites: Record<string, string>): string | undefined {
  const labels = `.${host}.`;
  for (const [key, name] of Object.entries(sites)) {
    if (labels.includes(`.${key}.`)) return name;
  }
  return undefined;
}

/** The landing parameters present in a URL (trimmed, empty ones left out, each at most 500 characters). */
export function attributionParamsOf(url: string): AttributionParamValues {
  let search: URLSearchParams;
  try {
    search = new URL(url).searchParams;
  } catch {
    return {};
  }
  const values: AttributionParamValues = {};
  for (const name of attributionParams) {
    const value = search.get(name)?.trim();
    if (value) values[name] = value.slice(0, 500);
  }
  return values;
}

export function hasClickId(params: AttributionParamValues): boolean {
  return clickIdParams.some((name) => Boolean(params[name]));
}

export function hasAttributionParams(params: AttributionParamValues): boolean {
  return attributionParams.some((name) => Boolean(params[name]));
}

/**
 * The family, source, medium and campaign of one landing. A click id wins over utm tags for the
 * family (the ad platform paid for the click); utm tags still name the source and campaign.
 * Without any parameter the referrer decides; a referrer on `ownHost` (moving between the site's
 * own pages) counts as direct.
 */
export function classifyAttribution(
  params: AttributionParamValues,
  referrer?: string | null,
  ownHost?: string | null,
): Attribution {
  const campaign = params.utm_campaign ?? params.gad_campaignid ?? null;
  const tagged = (family: AttributionFamily, source: string, medium: string): Attribution => ({
    family,
    source: params.utm_source ?? source,
    medium: params.utm_medium ?? medium,
    campaign,
  });
  if (googleAdsClickIds.some((name) => params[name])) return tagged('google_ads', 'google', 'cpc');
  if (params.fbclid) return tagged('meta_ads', 'facebook', 'paid_social');
  if (params.utm_source || params.utm_medium || params.utm_campaign) {
    return tagged('other_utm', '(not set)', '(not set)');
  }
  const host = hostOf(referrer);
  const own = ownHost?.toLowerCase();
  if (!host || (own && (host === own || host.endsWith(`.${own}`)))) {
    return { family: 'direct', source: '(direct)', medium: '(none)', campaign: null };
  }
  const engine = siteOf(host, searchEngines);
  if (engine) return { family: 'organic', source: engine, medium: 'organic', campaign: null };
  const social = siteOf(host, socialSites);
  if (social) return { family: 'social', source: social, medium: 'social', campaign: null };
  return { family: 'referral', source: host, medium: 'referral', campaign: null };
}
