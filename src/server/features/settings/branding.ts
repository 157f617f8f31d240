import {
  brandingKeys,
  brandingSchema,
  noBranding,
  type Branding,
} from '#shared/branding/branding.contract.ts';
import type { Db } from '#server/db/client.ts';
import { findSettings, type SettingRow } from './settings.repository';

export const brandingSettingKeys = [
  brandingKeys.logo,
  brandingKeys.logoDark,
  brandingKeys.partners,
];

/**
 * The branding kept in the settings rows; a value that is not valid (written through the generic
 * settings route, say) counts as not set, so a customer never gets a broken picture or strip.
 */
export function toBranding(rows: SettingRow[]): Branding {
  // '' (no logo) and absent rows read as not set
  const byKey = new Map(rows.map((row) => [row.key, row.value === '' ? null : row.value]));
  const parsed = brandingSchema.safeParse({
    logoUrl: byKey.get(brandingKeys.logo) ?? null,
    logoDarkUrl: byKey.get(brandingKeys.logoDark) ?? null,
    partners: byKey.get(brandingKeys.partners) ?? [],
  });
  if (parsed.success) return parsed.data;
  // keep whichever parts are valid on their own
  const logo = brandingSchema.shape.logoUrl.safeParse(byKey.get(brandingKeys.logo) ?? null);
  const dark = brandingSchema.shape.logoUrl.safeParse(byKey.get(brandingKeys.logoDark) ?? null);
  return {
    ...noBranding,
    logoUrl: logo.success ? logo.data : null,
    logoDarkUrl: dark.success ? dark.data : null,
  };
}

export async function readBranding(db: Db): Promise<Branding> {
  return toBranding(await findSettings(db, brandingSettingKeys, 'branding'));
}
