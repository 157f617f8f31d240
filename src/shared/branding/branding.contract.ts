// The business's logo and its partners' logos (issue 15 item 15): uploaded by an admin in
// Settings, served from public, content-hashed URLs, carried by the public settings.
import { z } from 'zod';
import { brandImageLimits } from './brand-image-limits';

export { brandImageLimits } from './brand-image-limits';

export const brandImageMessages = {
  typeNotAllowed: 'A logo must be an SVG, PNG or JPEG image.',
  tooLarge: 'This image is larger than 1 MB. Please choose a smaller file.',
  svgTooLarge: 'This SVG is larger than 256 KB. Please simplify it or upload a PNG.',
  unreadable: 'We could not read this image. Please try another SVG, PNG or JPEG file.',
  tooManyPixels: 'This image has too many pixels. Please upload a smaller one.',
  noFile: 'Please choose an image to upload.',
  unknownImage: 'This image is not stored: please upload it again.',
  altRequired: "Please describe the partner's logo (its alt text), e.g. the partner's name.",
} as const;

export const brandImageErrorCodes = {
  typeNotAllowed: 'UNSUPPORTED_FILE_TYPE',
  tooLarge: 'FILE_TOO_LARGE',
  unreadable: 'UNREADABLE_FILE',
} as const;

/** The path every brand image is served from: its name is its content's hash. */
export const brandImagePathPattern = /^\/api\/brand-images\/[0-9a-f]{32}\.(?:svg|png|jpg)$/;
export const brandImageNamePattern = /^[0-9a-f]{32}\.(?:svg|png|jpg)$/;

const brandImageUrlSchema = z
  .string()
  .regex(brandImagePathPattern, brandImageMessages.unknownImage)
  .describe('A URL answered by POST /api/admin/brand-images.');

export const brandImageResponseSchema = z.object({
  image: z.object({
    url: brandImageUrlSchema,
    type: z.enum(['image/svg+xml', 'image/png', 'image/jpeg']),
  }),
});

export const partnerLogoSchema = z.object({
  alt: z.string().trim().min(1, brandImageMessages.altRequired).max(brandImageLimits.maxAltLength),
  /** Shown in the light theme. */
  lightUrl: brandImageUrlSchema,
  /** Shown in the dark theme. */
  darkUrl: brandImageUrlSchema,
});
export type PartnerLogo = z.infer<typeof partnerLogoSchema>;

/**
 * What customers see: the logo (else the name alone), its dark-theme version (else the logo on
 * both themes) and the partner strip, in order.
 */
export const brandingSchema = z.object({
  logoUrl: brandImageUrlSchema.nullable(),
  /** Shown instead of logoUrl in the dark theme (issue 26 item 17); absent from a body: none. */
  logoDarkUrl: brandImageUrlSchema.nullable().default(null),
  partners: z.array(partnerLogoSchema).max(brandImageLimits.maxPartners),
});
export type Branding = z.infer<typeof brandingSchema>;

export const noBranding: Branding = { logoUrl: null, logoDarkUrl: null, partners: [] };

/** The setting keys (category 'branding') the branding is kept under. */
export const brandingKeys = {
  logo: 'brand_logo_url',
  logoDark: 'brand_logo_dark_url',
  partners: 'brand_partner_logos',
} as const;
