import { describe, expect, it } from 'vitest';
import { defaultBannerColour } from '#shared/catalogue/catalogue-defaults.ts';
import { bannerBackground, bannerTextColour } from './banner-colour';

describe('banner colours', () => {
  it('defaults to the green of spec §9, with white text on it', () => {
    expect(bannerBackground(null)).toBe(defaultBannerColour);
    expect(bannerBackground('not a colour')).toBe(defaultBannerColour);
    expect(bannerTextColour(null)).toBe('#ffffff');
  });

  it('puts black text on light colours and white on dark ones', () => {
    expect(bannerTextColour('#FFEB3B')).toBe('#000000');
    expect(bannerTextColour('#ffffff')).toBe('#000000');
    expect(bannerTextColour('#1d4ed8')).toBe('#ffffff');
    expect(bannerTextColour('#b91c1c')).toBe('#ffffff');
    expect(bannerBackground('#ABCDEF')).toBe('#abcdef');
  });
});
