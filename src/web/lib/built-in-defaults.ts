import type {
  BookingOption,
  PainPoint,
  PublicSettings,
} from '#shared/catalogue/catalogue.contract.ts';
import { defaultBookingOptions, defaultPainPoints } from '#shared/catalogue/catalogue-defaults.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { readJson } from './storage';
import { storageKeys } from './storage-keys';

// Spec §7/§8: when the settings, booking options or pain points cannot be read from the server,
// the customer goes on with the built-in defaults of spec §3/§9 instead of 'Initialization
// Error'. Loaded only when a request has failed (queries.ts and pain-points.ts import it
// dynamically), so the defaults cost the first screen nothing.

/** The public settings as a business starts out (the values of the seed migration). */
export const settings: PublicSettings = {
  toggles: {
    calendar_view_enabled: d.calendar_view_enabled,
    promo_codes_enabled: d.promo_codes_enabled,
    seasonal_promotions_enabled: d.seasonal_promotions_enabled,
    form_webhook_enabled: d.form_webhook_enabled,
  },
  // the seeded placeholders are not facts: offline, customers see no business details
  business: { name: '', email: '', phone: '' },
  banners: [],
  branding: { logoUrl: null, logoDarkUrl: null, partners: [] },
  // unknown offline: claim nothing was e-mailed
  messages: { emailSent: false },
};

export const bookingOptions: BookingOption[] = defaultBookingOptions.map(
  ({ id, label, description, duration }) => ({ id, label, description, duration }),
);

const isPainPoint = (value: unknown): value is PainPoint => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, description, active } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    typeof description === 'string' &&
    typeof active === 'boolean'
  );
};

/**
 * Spec §3: a locally stored list overrides the default pain points, and only its active entries
 * are kept. The list stored is the last one the server gave this browser (pain-points.ts), so a
 * customer keeps seeing the business's own concerns during an outage.
 */
export function fallbackPainPoints(): PainPoint[] {
  const stored = readJson(storageKeys.painPoints);
  const kept = Array.isArray(stored) ? stored.filter(isPainPoint) : [];
  const active = kept.filter((painPoint) => painPoint.active);
  if (active.length > 0) return active;
  return defaultPainPoints.map(({ id, name, description, active }) => ({
    id,
    name,
    description,
    active,
  }));
}
