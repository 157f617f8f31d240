import { describe, expect, it } from 'vitest';
import {
  attributionFamilies,
  attributionFamilyLabels,
  attributionParamsOf,
  classifyAttribution,
  hasAttributionParams,
  hasClickId,
} from './attribution';

describe('attributionParamsOf', () => {
  it('reads every landing parameter, trimmed, and leaves the rest out', () => {
    const url =
      'https://tint.example/?utm_source=google&utm_medium=cpc&utm_campaign=winter-tint' +
      '&utm_term=%20tint%20&utm_content=ad1&gclid=TEST123&gbraid=G1&gbraidid=G2&wbraid=W1' +
      '&gad_source=1&gad_campaignid=987&fbclid=F1&utm_id=x&empty=';
    expect(attributionParamsOf(url)).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'winter-tint',
      utm_term: 'tint',
      utm_content: 'ad1',
      gclid: 'TEST123',
      gbraid: 'G1',
      gbraidid: 'G2',
      wbraid: 'W1',
      gad_source: '1',
      gad_campaignid: '987',
      fbclid: 'F1',
    });
  });

  it('bounds each value and answers nothing for a malformed URL', () => {
    expect(attributionParamsOf(`https://a.example/?gclid=${'x'.repeat(900)}`).gclid).toHaveLength(
      500,
    );
    expect(attributionParamsOf('not a url')).toEqual({});
    expect(attributionParamsOf('https://a.example/?utm_source=%20')).toEqual({});
  });
});

describe('classifyAttribution', () => {
  it.each([
    [{ gclid: 'A' }, 'google_ads', 'google', 'cpc'],
    [{ gbraid: 'A' }, 'google_ads', 'google', 'cpc'],
    [{ gbraidid: 'A' }, 'google_ads', 'google', 'cpc'],
    [{ wbraid: 'A' }, 'google_ads', 'google', 'cpc'],
    [{ gad_source: '1' }, 'google_ads', 'google', 'cpc'],
    [{ fbclid: 'F' }, 'meta_ads', 'facebook', 'paid_social'],
    [{ utm_source: 'newsletter', utm_medium: 'email' }, 'other_utm', 'newsletter', 'email'],
    [{ utm_campaign: 'spring' }, 'other_utm', '(not set)', '(not set)'],
  ] as const)('%o is %s from %s / %s', (params, family, source, medium) => {
    expect(classifyAttribution(params, 'https://www.bing.com/')).toMatchObject({
      family,
      source,
      medium,
    });
  });

  it('keeps the utm tags beside a click id and takes gad_campaignid as the campaign', () => {
    expect(
      classifyAttribution({
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'winter-tint',
        gclid: 'TEST123',
      }),
    ).toEqual({ family: 'google_ads', source: 'google', medium: 'cpc', campaign: 'winter-tint' });
    expect(classifyAttribution({ gad_campaignid: '555' }).campaign).toBe('555');
  });

  it.each([
    ['https://www.google.com.au/', 'organic', 'google', 'organic'],
    ['https://duckduckgo.com/', 'organic', 'duckduckgo', 'organic'],
    ['https://search.brave.com/search?q=tint', 'organic', 'brave', 'organic'],
    ['https://m.facebook.com/', 'social', 'facebook', 'social'],
    ['https://l.instagram.com/', 'social', 'instagram', 'social'],
    ['https://t.co/abc', 'social', 'twitter', 'social'],
    ['https://www.box.com/', 'referral', 'www.box.com', 'referral'],
    ['https://blog.example.org/post', 'referral', 'blog.example.org', 'referral'],
    ['', 'direct', '(direct)', '(none)'],
    ['not a url', 'direct', '(direct)', '(none)'],
    ['https://tint.example/contact', 'direct', '(direct)', '(none)'],
    ['https://www.tint.example/', 'direct', '(direct)', '(none)'],
  ] as const)('without parameters, referrer %s is %s', (referrer, family, source, medium) => {
    expect(classifyAttribution({}, referrer, 'tint.example')).toEqual({
      family,
      source,
      medium,
      campaign: null,
    });
  });

  it('has a label for every family', () => {
    for (const family of attributionFamilies) expect(attributionFamilyLabels[family]).toBeTruthy();
  });

  it('tells click ids and parameters apart', () => {
    expect(hasClickId({ utm_source: 'x' })).toBe(false);
    expect(hasClickId({ fbclid: 'x' })).toBe(true);
    expect(hasAttributionParams({})).toBe(false);
    expect(hasAttributionParams({ utm_term: 'x' })).toBe(true);
  });
});
