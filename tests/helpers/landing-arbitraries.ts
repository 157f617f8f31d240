import fc from 'fast-check';
import { clickIdParams, utmParams } from '#shared/attribution/attribution.ts';

// Landings as a browser hands them to the app: the page's address (window.location.href) and
// document.referrer, both as the URL standard writes them out. The parity test of the
// TypeScript and SQL attribution rules (attribution-parity.test.ts) feeds them to both; the
// "known differences" kept clear of here are listed there, each with both answers.

export interface Landing {
  landingPage: string | null;
  referrer: string | null;
}

const token = fc.stringMatching(/^[A-Za-z0-9._~-]{1,16}$/);
// any printable text, spaces, '&', '#' and '=' included: the query string encodes it
const text = fc.string({ maxLength: 12 });
const blank = fc.constantFrom('', ' ', '  ');

// parameters no rule reads (other platforms' click ids, near-misses of a name) sit beside them
const otherParams = ['msclkid', 'ttclid', 'li_fat_id', 'dclid', 'gclsrc', 'utm_id', 'ref'];
const nearMisses = ['GCLID', 'Fbclid', 'xgclid', 'gclid_', 'fbclid2', 'utm_sources', 'gad'];

const param = fc.oneof(
  // a click id is present with a value, or empty; one of only spaces is a known difference
  fc.tuple(
    fc.constantFrom(...clickIdParams),
    fc.oneof(
      token,
      text.filter((v) => v.trim() !== ''),
      fc.constant(''),
    ),
  ),
  fc.tuple(fc.constantFrom(...utmParams), fc.oneof(token, text, blank)),
  fc.tuple(fc.constantFrom(...otherParams, ...nearMisses), fc.oneof(token, text, blank)),
);

const query = fc
  // each name once: a click id given twice, the first one empty, is a known difference
  .uniqueArray(param, { selector: ([name]) => name, maxLength: 6 })
  .map((pairs) => new URLSearchParams(pairs).toString());

const pageUrl = fc
  .tuple(
    fc.constantFrom(
      'https://tint.example',
      'https://book.tintbook.com.au',
      'http://localhost:5173',
    ),
    fc.constantFrom('', '/', '/booking', '/booking/contact'),
    query,
    // no '?' or '&' after the '#': a click id there is a known difference
    fc.constantFrom('', '#', '#top', '#/booking', '#section-2'),
  )
  .map(([origin, path, search, hash]) => `${origin}${path}${search && `?${search}`}${hash}`);

// names the rules know, near-misses of them, and others
const siteNames = [
  ...['google', 'bing', 'yahoo', 'duckduckgo', 'ecosia', 'baidu', 'yandex', 'search.brave'],
  ...['facebook', 'fb', 'instagram', 't', 'twitter', 'x', 'linkedin', 'lnkd', 'pinterest'],
  ...['reddit', 'tiktok', 'youtube', 'threads', 'snapchat', 'whatsapp', 'brave'],
  ...['googleblog', 'notgoogle', 'bingo', 'xcom', 'tco', 'fbcdn', 'tint', 'tint.example'],
  ...['bücher', 'GOOGLE', 'Facebook'],
];
const referrerUrl = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'android-app://'),
    fc.constantFrom('', 'user@', 'a:b@'),
    fc.constantFrom('', 'www.', 'm.', 'l.', 'lm.', 'search.', 'com.google.android.', 'news.'),
    fc.constantFrom(...siteNames),
    fc.constantFrom('', '.com', '.com.au', '.co.uk', '.me', '.co', '.in', '.net', '.org'),
    fc.constantFrom('', ':8443', '/', '/search?q=window+tint', '/l.php?u=x#y'),
  )
  .map((parts) => parts.join(''));

/** What a browser writes out for an address: lower-case host, punycode, path always present. */
const asBrowserWrites = (url: string) => new URL(url).href;

export const landings: fc.Arbitrary<Landing> = fc.record({
  landingPage: fc.oneof(
    { weight: 8, arbitrary: pageUrl.map(asBrowserWrites) },
    {
      weight: 1,
      arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }).map(asBrowserWrites),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, '') },
  ),
  referrer: fc.oneof(
    { weight: 6, arbitrary: referrerUrl.map(asBrowserWrites) },
    { weight: 1, arbitrary: fc.webUrl().map(asBrowserWrites) },
    { weight: 2, arbitrary: fc.constantFrom(null, '') },
  ),
});
