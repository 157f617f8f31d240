import { sql } from 'drizzle-orm';

// How far a lead got and where it came from, as SQL over one row of `leads l`. The stage only
// moves forward until staff mark a lead lost, so a lost lead's own data (its details, its
// estimate, its bookings) says how far it got before.

export const reachedDetails = sql`(l.stage in ('details', 'estimate', 'booked', 'quoted', 'won')
  or l.has_booking or (l.data -> 'details') is not null or (l.data -> 'estimatedPrice') is not null)`;
export const reachedEstimate = sql`(l.stage in ('estimate', 'booked', 'quoted', 'won')
  or l.has_booking or (l.data -> 'estimatedPrice') is not null)`;
export const reachedBooked = sql`(l.stage in ('booked', 'quoted', 'won') or l.has_booking)`;
export const won = sql`(l.stage = 'won')`;

/** The estimate total in cents, null when none was given (or it is not a number). */
export const estimateCents = sql`(case when jsonb_typeof(l.data -> 'estimatedPrice') = 'number'
  then (l.data ->> 'estimatedPrice')::float8 end)`;

// As the /leads filters read them (lead-list.repository), so a click opens the same leads.
export const sourceOf = sql`lower(coalesce(l.utm_source, l.source))`;
export const mediumOf = sql`lower(coalesce(l.utm_medium, l.medium))`;
export const campaignOf = sql`lower(coalesce(l.utm_campaign, l.campaign))`;

// The click id family: the one the attribution capture recorded (src/shared/attribution) for the
// lead's first landing; a lead without a capture is classified here by the same rules: a Google
// or Meta click id on its landing page, then utm_* tags, then the referrer's host (none: direct).
// Regular expressions are parameters.
const googleClickParam = '[?&](gclid|gbraid|gbraidid|wbraid|gad_source|gad_campaignid)=[^&#]';
const metaClickParam = '[?&]fbclid=[^&#]';
const referrerHost = '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/:?#]+)';
const searchEngines = '[.](google|bing|yahoo|duckduckgo|ecosia|baidu|yandex|search[.]brave)[.]';
const socialSites =
  '[.](facebook|fb[.]com|fb[.]me|instagram|t[.]co|twitter|x[.]com|linkedin|lnkd[.]in|pinterest|reddit|tiktok|youtube|threads|snapchat|whatsapp)[.]';

const host = sql`('.' || lower(substring(l.referrer from ${referrerHost})) || '.')`;
const firstCapture = (match: ReturnType<typeof sql>) =>
  sql`(select u.family from utm_captures u where ${match} and u.family is not null
    order by u.created_at limit 1)`;

export const familyOf = sql`coalesce(${firstCapture(sql`u.lead_id = l.id`)},
  ${firstCapture(sql`u.session_id = l.session_id`)}, (case
  when l.landing_page ~ ${googleClickParam} then 'google_ads'
  when l.landing_page ~ ${metaClickParam} then 'meta_ads'
  when coalesce(l.utm_source, l.utm_medium, l.utm_campaign) is not null then 'other_utm'
  when substring(l.referrer from ${referrerHost}) is null then 'direct'
  when ${host} ~ ${searchEngines} then 'organic'
  when ${host} ~ ${socialSites} then 'social'
  else 'referral' end))`;
