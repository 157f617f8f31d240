import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { secretMask } from '#shared/admin/secrets.ts';
import { settingsMessages } from '#shared/admin/settings.contract.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import { settings } from '#server/db/schema/index.ts';
import { readSecretSetting } from '#server/db/settings-store.ts';
import { isSealed } from '#server/lib/secret-box.ts';

describe('settings by key (admin) and GET /api/settings?category=', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());
  const call: RoleTestApp['call'] = (...args) => t.call(...args);
  const asAdmin = (method: Parameters<RoleTestApp['call']>[0], url: string, payload?: object) =>
    call(method, url, 'admin', payload);

  it.each([
    ['GET', '/api/settings/business_name', undefined],
    ['POST', '/api/settings/business_name', { value: 'Clear View Tinting' }],
    ['DELETE', '/api/settings/summer_banner', undefined],
  ] as const)('%s %s: 401 anonymous, 403 staff', async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, 'staff', payload)).statusCode).toBe(403);
  });

  it('reads and writes a known setting, checked by its own schema', async () => {
    const read = await asAdmin('GET', '/api/settings/business_name');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      success: true,
      setting: {
        key: 'business_name',
        value: settingDefaults.business_name,
        category: 'business',
        description: 'Shown in the header and messages',
        isSecret: false,
      },
    });

    const saved = await asAdmin('POST', '/api/settings/business_name', {
      value: 'Clear View Tinting',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().setting).toMatchObject({
      value: 'Clear View Tinting',
      category: 'business',
    });
    // customers see it once the business details are confirmed (setup-checklist.test.ts)
    await asAdmin('POST', '/api/settings/setup_business_confirmed', { value: true });
    const pub = await call('GET', '/api/settings');
    expect(pub.json().business.name).toBe('Clear View Tinting');
  });

  it.each([
    ['calendar_view_enabled', { value: 'yes' }, 'value', 'Choose on or off'],
    ['contact_email', { value: 'not-an-email' }, 'value', 'Enter a valid e-mail address'],
    ['contact_phone', { value: '12345' }, 'value', 'Enter an Australian phone number'],
    [
      'base_address',
      { value: { address: 'Melbourne VIC 3000', lat: 200, lng: 144 } },
      'value.lat',
      'Base address',
    ],
    ['form_webhook_url', { value: 'http://example.com/hook' }, 'value', 'Use an https:// address'],
    ['glass_minimum_threshold', { value: 51 }, 'value', 'between 1 and 50'],
    ['slot_minutes', { value: 2 }, 'value', 'Slot length'],
    ['timezone', { value: 'Mars/Olympus' }, 'value', 'IANA'],
    [
      'summer_banner',
      { value: { text: 'Sale', color: 'red' }, category: 'banners' },
      'value.color',
      'Banner colour must be a colour like #0a7d32',
    ],
    [
      'business_name',
      { value: 'X', category: 'banners' },
      'category',
      'belongs to the business category',
    ],
    ['business_name', {}, 'value', settingsMessages.valueRequired],
    ['Bad-Key', { value: 1 }, 'key', 'Key must be'],
  ])('POST %s refuses %j with a message for %s', async (key, payload, field, message) => {
    const res = await asAdmin('POST', `/api/settings/${key}`, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toContain(message);
  });

  it('keeps banners and other settings of free keys; DELETE removes them, 404 after', async () => {
    const saved = await asAdmin('POST', '/api/settings/summer_banner', {
      value: { text: 'Summer sale', color: '#0A7D32' },
      category: 'banners',
      description: 'Summer banner',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().setting).toEqual({
      key: 'summer_banner',
      value: { text: 'Summer sale', color: '#0a7d32' },
      category: 'banners',
      description: 'Summer banner',
      isSecret: false,
    });
    expect((await call('GET', '/api/settings')).json().banners).toEqual([
      { key: 'summer_banner', text: 'Summer sale', color: '#0a7d32' },
    ]);
    const removed = await asAdmin('DELETE', '/api/settings/summer_banner');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().setting.key).toBe('summer_banner');
    expect((await asAdmin('DELETE', '/api/settings/summer_banner')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/settings/summer_banner')).statusCode).toBe(404);
  });

  it('refuses to delete a built-in setting (409): its value is changed instead', async () => {
    const res = await asAdmin('DELETE', '/api/settings/promo_codes_enabled');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(settingsMessages.builtIn);
  });

  it('never answers a secret, keeps it when the save sends the mask or nothing', async () => {
    const secret = 'whsec_0123456789abcdefSECRET';
    const saved = await asAdmin('POST', '/api/settings/form_webhook_secret', { value: secret });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(secret);
    expect(saved.json().setting).toMatchObject({
      value: secretMask,
      isSecret: true,
      category: 'webhook',
    });

    const masked = saved.json().setting.value as string;
    const again = await asAdmin('POST', '/api/settings/form_webhook_secret', { value: masked });
    expect(again.statusCode).toBe(200);
    const empty = await asAdmin('POST', '/api/settings/form_webhook_secret', { value: '' });
    expect(empty.statusCode).toBe(200);

    const read = await asAdmin('GET', '/api/settings/form_webhook_secret');
    expect(read.body).not.toContain(secret);
    const list = await asAdmin('GET', '/api/settings?category=webhook');
    expect(list.body).not.toContain(secret);
    // kept, and stored encrypted: the row holds no clear text
    const [stored] = await t.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'form_webhook_secret'));
    expect(JSON.stringify(stored?.value)).not.toContain(secret);
    expect(isSealed(stored?.value)).toBe(true);
    expect(
      await readSecretSetting(t.database.db, t.app.settingSecrets, 'form_webhook_secret'),
    ).toBe(secret);

    // a free key named like a secret is a secret too
    const token = 'abcdefghijklmnop-token-9999';
    const other = await asAdmin('POST', '/api/settings/sms_api_key', { value: token });
    expect(other.body).not.toContain(token);
    expect(other.json().setting.isSecret).toBe(true);
  });

  it('refuses a secret that was never set when the save sends the mask', async () => {
    const res = await asAdmin('POST', '/api/settings/smtp_password', { value: '••••1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.value).toBe(settingsMessages.valueRequired);
  });

  it('answers the public subset to anonymous and staff callers, whatever the category', async () => {
    const anonymous = await call('GET', '/api/settings');
    const withCategory = await call('GET', '/api/settings?category=business');
    const asStaff = await call('GET', '/api/settings?category=business', 'staff');
    expect(Object.keys(anonymous.json()).sort()).toEqual([
      'banners',
      'branding',
      'business',
      'messages',
      'toggles',
    ]);
    expect(withCategory.json()).toEqual(anonymous.json());
    expect(asStaff.json()).toEqual(anonymous.json());
    expect((await call('GET', `/api/settings?category=${'x'.repeat(300)}`)).statusCode).toBe(200);
  });

  it('adds every setting of the category for an admin, secrets masked', async () => {
    const token = 'twilio-token-0123456789abcdef';
    await asAdmin('POST', '/api/settings/twilio_auth_token', { value: token });
    const res = await asAdmin('GET', '/api/settings?category=pricing');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.toggles).toBeDefined();
    expect(body.success).toBe(true);
    expect(body.settings.map((s: { key: string }) => s.key)).toEqual([
      'glass_minimum_threshold',
      'minimum_job_charge_cents',
      'onsite_glass_threshold',
      'onsite_restriction_enabled',
      'travel_hourly_rate_cents',
    ]);
    const messaging = await asAdmin('GET', '/api/settings?category=messaging');
    expect(messaging.body).not.toContain(token);
    expect(messaging.json().settings).toEqual([
      expect.objectContaining({ key: 'twilio_auth_token', value: secretMask, isSecret: true }),
    ]);
  });
});
