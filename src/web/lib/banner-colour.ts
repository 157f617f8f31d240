import { defaultBannerColour } from '#shared/catalogue/catalogue-defaults.ts';

// Promo banners take the admin's colour (spec §9: green unless one is picked), so the text on
// them is black or white, whichever contrasts more: at least 4.5:1 (AA) whatever the colour.

const hexColour = /^#[0-9a-f]{6}$/i;

/** The colour itself when it is a #rrggbb colour, otherwise the default green. */
export function bannerBackground(colour: string | null | undefined): string {
  return colour && hexColour.test(colour) ? colour.toLowerCase() : defaultBannerColour;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Black or white text for a banner of this colour. */
export function bannerTextColour(colour: string | null | undefined): '#000000' | '#ffffff' {
  const l = luminance(bannerBackground(colour));
  const whiteContrast = 1.05 / (l + 0.05);
  const blackContrast = (l + 0.05) / 0.05;
  return whiteContrast >= blackContrast ? '#ffffff' : '#000000';
}
