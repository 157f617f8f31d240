import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { integrationMessages } from '#shared/admin/integrations.contract.ts';
import { secretMask } from '#shared/admin/secrets.ts';
import { settingsMessages } from '#shared/admin/settings.contract.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';

describe('messaging, job-tracking and booking-rule settings (admin)', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());
  const call: RoleTestApp['call'] = (...args) => t.call(...args);

  const sid = `AC${'0123456789abcdef'.repeat(2)}`;
  const authToken = 'f00dfeedcafebeef0123456789abcdef';
  const smtpPassword = 'correct horse battery staple';
  const apiKey = 'trak-live-key-0123456789';

  const endpoints = [
    ['GET', '/api/settings/twilio-config', undefined],
    ['POST', '/api/settings/twilio-config', { accountSid: sid, fromNumber: '+61412345678' }],
    ['GET', '/api/admin/smtp-config', undefined],
    [
      'POST',
      '/api/admin/smtp-config',
      { host: 'smtp.example.com', port: 587, secure: false, fromAddress: 'hi@example.com' },
    ],
    ['GET', '/api/admin/trak-integration', undefined],
    [
      'POST',
      '/api/admin/trak-integration',
      { baseUrl: 'https://trak.example.com', enabled: false },
    ],
    ['POST', '/api/trak/settings/booking-rules', { cutoffHour: 15 }],
  ] as const;

  it.each(endpoints)('%s %s: 401 anonymous, 403 staff, 200 admin', async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, 'staff', payload)).statusCode).toBe(403);
    const res = await call(method, url, 'admin', payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('Twilio: checks the SID and number, keeps the write-only token when omitted or masked', async () => {
    const bad = await call('POST', '/api/settings/twilio-config', 'admin', {
      accountSid: 'AB123',
      fromNumber: '0412 345 678',
      authToken: 'short',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      accountSid: settingsMessages.accountSid,
      fromNumber: settingsMessages.fromNumber,
      authToken: settingsMessages.authToken,
    });

    const saved = await call('POST', '/api/settings/twilio-config', 'admin', {
      account_sid: sid,
      from_number: '+61412345678',
      auth_token: authToken,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(authToken);
    expect(saved.json().config).toEqual({
      accountSid: sid,
      fromNumber: '+61412345678',
      authToken: secretMask,
    });

    for (const keep of [{}, { authToken: secretMask }]) {
      const res = await call('POST', '/api/settings/twilio-config', 'admin', {
        accountSid: sid,
        fromNumber: '+61398765432',
        ...keep,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().config.authToken).toBe(secretMask);
    }
    const read = await call('GET', '/api/settings/twilio-config', 'admin');
    expect(read.body).not.toContain(authToken);
    expect(read.json().config).toMatchObject({ fromNumber: '+61398765432', authToken: secretMask });
    const byKey = await call('GET', '/api/settings/twilio_auth_token', 'admin');
    expect(byKey.body).not.toContain(authToken);
  });

  it('SMTP: checks each field, password write-only and kept', async () => {
    const bad = await call('POST', '/api/admin/smtp-config', 'admin', {
      host: 'not a host',
      port: 70000,
      secure: 'yes',
      fromAddress: 'nobody',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'fromAddress',
      'host',
      'port',
      'secure',
    ]);
    const body = {
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      user: 'mailer',
      fromAddress: 'bookings@example.com',
    };
    const saved = await call('POST', '/api/admin/smtp-config', 'admin', {
      ...body,
      password: smtpPassword,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(smtpPassword);
    expect(saved.json().config).toEqual({ ...body, password: secretMask });
    const again = await call('POST', '/api/admin/smtp-config', 'admin', body);
    expect(again.json().config.password).toBe(secretMask);
    expect((await call('GET', '/api/admin/smtp-config', 'admin')).body).not.toContain(smtpPassword);
  });

  it('job tracking: https only, an API key before it can be switched on, key write-only', async () => {
    const bad = await call('POST', '/api/admin/trak-integration', 'admin', {
      baseUrl: 'http://trak.example.com',
      enabled: true,
    });
    expect(bad.json().error.fields).toEqual({ baseUrl: adminMessages.httpsUrl });
    const noKey = await call('POST', '/api/admin/trak-integration', 'admin', {
      baseUrl: 'https://trak.example.com',
      enabled: true,
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.fields).toEqual({ apiKey: integrationMessages.apiKeyRequired });

    const on = await call('POST', '/api/admin/trak-integration', 'admin', {
      baseUrl: 'https://trak.example.com/api',
      apiKey,
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.body).not.toContain(apiKey);
    expect(on.json().config).toEqual({
      baseUrl: 'https://trak.example.com/api',
      apiKey: secretMask,
      enabled: true,
    });
    const kept = await call('POST', '/api/admin/trak-integration', 'admin', {
      baseUrl: 'https://trak.example.com/api',
      enabled: true,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().config.apiKey).toBe(secretMask);
    const read = await call('GET', '/api/admin/trak-integration', 'admin');
    expect(read.body).not.toContain(apiKey);
  });

  it('booking rules: saves a change the public GET then shows', async () => {
    const res = await call('POST', '/api/trak/settings/booking-rules', 'admin', {
      cutoff_hour: 14,
      allowWeekends: true,
      blackoutDates: ['2026-12-26', '2026-12-25'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rules).toMatchObject({
      cutoffHour: 14,
      allowWeekends: true,
      blackoutDates: ['2026-12-25', '2026-12-26'],
      timezone: settingDefaults.timezone,
    });
    const pub = await call('GET', '/api/trak/settings/booking-rules');
    expect(pub.json().rules).toMatchObject({
      cutoff_hour: { value: 14 },
      allow_weekends: { value: true },
      blackout_dates: { value: ['2026-12-25', '2026-12-26'] },
    });
  });

  it('booking rules: field messages, and a day whose slots run past midnight', async () => {
    const bad = await call('POST', '/api/trak/settings/booking-rules', 'admin', {
      cutoffHour: 30,
      timezone: 'Australia/Nowhere',
      firstSlot: '8am',
      blackoutDates: ['25/12/2026'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      cutoffHour: adminMessages.cutoffHour,
      timezone: adminMessages.timezone,
      firstSlot: adminMessages.firstSlot,
      'blackoutDates.0': adminMessages.blackoutDates,
    });
    const late = await call('POST', '/api/trak/settings/booking-rules', 'admin', {
      firstSlot: '20:00',
      slotsPerDay: 16,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.slotsPerDay).toBe('The slots of a day must end by midnight');
    const pub = await call('GET', '/api/trak/settings/booking-rules');
    expect(pub.json().rules.first_slot.value).toBe(settingDefaults.first_slot);
  });
});
