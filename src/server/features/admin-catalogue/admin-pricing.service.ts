import {
  pricingMessages,
  type Pricing,
  type UpdatePricing,
} from '#shared/admin/pricing.contract.ts';
import { settingEntry } from '#shared/settings/settings-registry.ts';
import type { Db } from '#server/db/client.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './admin-catalogue.repository';

export async function readPricing(db: Db): Promise<Pricing> {
  const [rows, s] = await Promise.all([
    repo.listPricingRows(db),
    readSettings(db, [
      'travel_hourly_rate_cents',
      'glass_minimum_threshold',
      'minimum_job_charge_cents',
      'onsite_glass_threshold',
      'onsite_restriction_enabled',
    ]),
  ]);
  return {
    rows: rows.map(({ id, painPointName, pricePerSqmCents, description, isActive }) => ({
      id,
      painPointName,
      pricePerSqmCents,
      description,
      isActive,
    })),
    travelHourlyRate: s.travel_hourly_rate_cents,
    glassMinimumThreshold: s.glass_minimum_threshold,
    minimumJobCharge: s.minimum_job_charge_cents,
    onsiteGlassThreshold: s.onsite_glass_threshold,
    onsiteRestrictionEnabled: s.onsite_restriction_enabled,
  };
}

const settingKeys = {
  travelHourlyRate: 'travel_hourly_rate_cents',
  glassMinimumThreshold: 'glass_minimum_threshold',
  minimumJobCharge: 'minimum_job_charge_cents',
  onsiteGlassThreshold: 'onsite_glass_threshold',
  onsiteRestrictionEnabled: 'onsite_restriction_enabled',
} as const;

export async function updatePricing(db: Db, change: UpdatePricing): Promise<Pricing> {
  const rows = change.rows ?? [];
  const known = await repo.existingPainPointIds(
    db,
    rows.map((row) => row.painPointName),
  );
  const fields: Record<string, string> = {};
  rows.forEach((row, index) => {
    if (!known.has(row.painPointName)) {
      fields[`rows.${index}.painPointName`] = pricingMessages.unknownPainPoint;
    }
  });
  if (Object.keys(fields).length > 0) {
    throw HttpError.badRequest(pricingMessages.unknownPainPoint, fields);
  }
  const settings = (Object.keys(settingKeys) as (keyof typeof settingKeys)[]).flatMap((field) => {
    const value = change[field];
    const key = settingKeys[field];
    return value === undefined
      ? []
      : [{ key, value, description: settingEntry(key)?.description ?? '' }];
  });
  await repo.savePricing(db, { rows, settings });
  return readPricing(db);
}
