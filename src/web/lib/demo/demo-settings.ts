import {
  saveSettingBodySchema,
  settingsMessages,
  toSettingDto,
} from '#shared/admin/settings.contract.ts';
import { errorCodes } from '#shared/api/error.ts';
import {
  isBuiltInSetting,
  settingEntry,
  settingsRegistry,
  settingValues,
  type SettingKey,
} from '#shared/settings/settings-registry.ts';
import { businessDetailKeys, businessDetails } from '#shared/settings/business-details.ts';
import type { PublicSettings } from '#shared/catalogue/catalogue.contract.ts';
import { settingDefaults, type BuiltInSettingKey } from '#shared/settings/setting-defaults.ts';
import { setupItems, type SetupStatus } from '#shared/settings/setup-checklist.ts';
import { notFound, parse, refuse, route, type DemoRoute } from './demo-http';
import { read, transact, type DemoData } from './demo-store';

// The demo's /settings: the settings a visitor changes are kept with the demo's data and read by
// its customer side (toggles, business details, travel rate and thresholds). What needs a server
// that sends something (text messages, e-mail, the webhook, GA4, the job tracker, logo uploads)
// is refused with a sentence saying so, which the section shows in place of its form.

/** The categories of /settings the demo keeps and uses. */
const keptCategories = new Set(['toggles', 'business', 'pricing', 'setup']);

/** Why a section of /settings has nothing in the demo: shown by the section itself. */
export const notInDemoMessages = {
  webhook: 'Not in the demo: it sends nothing, so there is no webhook to set up here.',
  messaging: 'Not in the demo: it sends no text messages, so Twilio is not set up here.',
  email: 'Not in the demo: it sends no e-mail, so the mail server is not set up here.',
  analytics: 'Not in the demo: it sends nothing to Google Analytics, so GA4 is not set up here.',
  integrations: 'Not in the demo: it sends no jobs to the job-tracking system.',
  messages: 'Not in the demo: it sends no e-mail or text messages, so there are none to list.',
  promoCodes: 'Not in the demo: it has no promo codes (any code is refused as unknown).',
  campaignLinks: 'Not in the demo: booking links and their QR codes are made in the real app only.',
  brandImages: 'Not in the demo: logos and partner logos are uploaded in the real app only.',
  bookingRules: 'Not in the demo: it books with the built-in booking rules.',
  backups:
    'Not in the demo: it keeps its data in this browser only, so there is nothing to back up. Backups work in the installed app only.',
} as const;

const refused = (message: string) => () => {
  throw refuse(403, errorCodes.forbidden, message);
};

/** Settings as the demo's /settings left them, read as the server reads its own (the registry). */
export function demoSettings<K extends SettingKey>(data: DemoData, keys: readonly K[]) {
  // the demo's store starts with the defaults, as the server's table starts seeded (drizzle/0001)
  const stored = { ...settingDefaults, ...data.settings };
  return settingValues(new Map(Object.entries(stored)), keys);
}

/** One setting as the demo's /settings left it, or its fallback. */
export function settingOf<K extends SettingKey>(data: DemoData, key: K) {
  return demoSettings(data, [key])[key];
}

const toggleKeys = [
  'calendar_view_enabled',
  'promo_codes_enabled',
  'seasonal_promotions_enabled',
  'form_webhook_enabled',
] as const;

/** GET /api/settings as everyone reads it, from the demo's own settings. */
export function publicSettings(data: DemoData): PublicSettings {
  return {
    toggles: Object.fromEntries(
      toggleKeys.map((key) => [key, settingOf(data, key)]),
    ) as PublicSettings['toggles'],
    // as on the server: the seeded placeholders are shown once the owner confirms them
    business: businessDetails(demoSettings(data, businessDetailKeys)),
    banners: [],
    branding: { logoUrl: null, logoDarkUrl: null, partners: [] },
    // the static demo sends nothing
    messages: { emailSent: false },
  };
}

/** GET /api/setup: the demo's confirmations; it sends nothing, so e-mail is never set up. */
async function setupStatus(): Promise<SetupStatus> {
  const data = await read();
  const confirmed = Object.fromEntries(
    setupItems.map((item) => [item.key, data.settings[item.key] === true]),
  ) as SetupStatus['confirmed'];
  return { confirmed, email: { configured: false, testSent: false }, staffNoticesTo: null };
}

function categorySettings(data: DemoData, category: string) {
  return Object.entries(settingsRegistry)
    .filter(
      ([key, known]) =>
        known.screen === category && (isBuiltInSetting(key) || key in data.settings),
    )
    .map(([key, known]) =>
      toSettingDto({
        key,
        value:
          key in data.settings ? data.settings[key] : settingDefaults[key as BuiltInSettingKey],
        category,
        description: known.description,
        isSecret: 'secret' in known,
      }),
    )
    .sort((a, b) => a.key.localeCompare(b.key));
}

function refuseCategory(category: string) {
  if (keptCategories.has(category)) return;
  const message =
    category === 'booking_rules'
      ? notInDemoMessages.bookingRules
      : (notInDemoMessages[category as keyof typeof notInDemoMessages] ??
        'Not in the demo: these settings are kept in the real app only.');
  throw refuse(403, errorCodes.forbidden, message);
}

async function readSettings(query: URLSearchParams) {
  const data = await read();
  const answer = publicSettings(data);
  const category = query.get('category');
  if (!category) return answer;
  refuseCategory(category);
  return { ...answer, success: true as const, settings: categorySettings(data, category) };
}

function saveSetting(key: string, body: unknown) {
  const input = parse(saveSettingBodySchema, body);
  const known = settingEntry(key);
  // only the settings the demo uses: anything else would be kept and do nothing
  if (!known) throw notFound(settingsMessages.notFound);
  refuseCategory(known.screen);
  const checked = known.schema.safeParse(input.value);
  if (!checked.success) {
    const message = checked.error.issues[0]?.message ?? settingsMessages.valueRequired;
    throw refuse(400, errorCodes.validation, message, { value: message });
  }
  return transact((data) => {
    data.settings[key] = checked.data;
    return {
      success: true as const,
      setting: categorySettings(data, known.screen).find((s) => s.key === key),
    };
  });
}

function removeSetting(key: string) {
  const known = settingEntry(key);
  if (!known) throw notFound(settingsMessages.notFound);
  if (isBuiltInSetting(key)) throw refuse(409, errorCodes.conflict, settingsMessages.builtIn);
  refuseCategory(known.screen);
  return transact((data) => {
    if (!(key in data.settings)) throw notFound(settingsMessages.notFound);
    const setting = categorySettings(data, known.screen).find((s) => s.key === key);
    delete data.settings[key];
    return { success: true as const, setting };
  });
}

export const settingsRoutes: DemoRoute[] = [
  route('GET', '/setup', setupStatus),
  // before /settings/:key: these paths are refused, not kept as settings
  route('GET', '/settings/twilio-config', refused(notInDemoMessages.messaging)),
  route('POST', '/settings/twilio-config', refused(notInDemoMessages.messaging)),
  route('GET', '/admin/smtp-config', refused(notInDemoMessages.email)),
  route('POST', '/admin/smtp-config', refused(notInDemoMessages.email)),
  route('GET', '/admin/trak-integration', refused(notInDemoMessages.integrations)),
  route('POST', '/admin/trak-integration', refused(notInDemoMessages.integrations)),
  route('GET', '/admin/booking-rules', refused(notInDemoMessages.bookingRules)),
  route('POST', '/admin/booking-rules/preview', refused(notInDemoMessages.bookingRules)),
  route('GET', '/messages', refused(notInDemoMessages.messages)),
  route('POST', '/messages/test', refused(notInDemoMessages.messages)),
  route('GET', '/promo-codes', refused(notInDemoMessages.promoCodes)),
  route('POST', '/promo-codes', refused(notInDemoMessages.promoCodes)),
  route('GET', '/admin/campaign-links', refused(notInDemoMessages.campaignLinks)),
  route('POST', '/admin/campaign-links', refused(notInDemoMessages.campaignLinks)),
  route('GET', '/dashboard/campaign-links', refused(notInDemoMessages.campaignLinks)),
  route('POST', '/admin/brand-images', refused(notInDemoMessages.brandImages)),
  route('GET', '/backups/status', refused(notInDemoMessages.backups)),
  route('POST', '/backups/run', refused(notInDemoMessages.backups)),
  route('GET', '/settings', ({ query }) => readSettings(query)),
  route('POST', '/settings/:key', ({ params, body }) => saveSetting(params[0]!, body)),
  route('DELETE', '/settings/:key', ({ params }) => removeSetting(params[0]!)),
  route('PUT', '/admin/branding', refused(notInDemoMessages.brandImages)),
];
