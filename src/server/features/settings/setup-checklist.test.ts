import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { setupItems } from '#shared/settings/setup-checklist.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';

// Issue 15 item 15: the seeded placeholder business details are not facts customers should
// read; they reach the public settings only once an admin confirms them (the first-run checklist).
describe('the first-run checklist and the public business details', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  const publicBusiness = async () => {
    const res = await t.call('GET', '/api/settings');
    expect(res.statusCode).toBe(200);
    return res.json().business as { name: string; email: string; phone: string };
  };

  it('a fresh install shows customers no business details, only neutral blanks', async () => {
    expect(await publicBusiness()).toEqual({ name: '', email: '', phone: '' });
    const body = (await t.call('GET', '/api/settings')).body;
    expect(body).not.toContain(d.business_name);
    expect(body).not.toContain(d.contact_email);
  });

  it('each item is a setting only an admin may set, a boolean', async () => {
    for (const { key } of setupItems) {
      const url = `/api/settings/${key}`;
      expect((await t.call('POST', url, undefined, { value: true })).statusCode).toBe(401);
      expect((await t.call('POST', url, 'staff', { value: true })).statusCode).toBe(403);
      const refused = await t.call('POST', url, 'admin', { value: 'yes' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBeTruthy();
      // the category is the checklist's own
      const wrong = await t.call('POST', url, 'admin', { value: true, category: 'business' });
      expect(wrong.statusCode).toBe(400);
    }
    expect(await publicBusiness()).toEqual({ name: '', email: '', phone: '' });
  });

  it('once confirmed, the business details reach customers; the checklist lists what is done', async () => {
    await t.call('POST', '/api/settings/business_name', 'admin', { value: 'Clear View Tinting' });
    const confirm = await t.call('POST', '/api/settings/setup_business_confirmed', 'admin', {
      value: true,
    });
    expect(confirm.statusCode).toBe(200);
    expect(await publicBusiness()).toEqual({
      name: 'Clear View Tinting',
      email: d.contact_email,
      phone: d.contact_phone,
    });

    const listed = await t.call('GET', '/api/settings?category=setup', 'admin');
    expect(listed.json().settings).toEqual([
      expect.objectContaining({ key: 'setup_business_confirmed', value: true, category: 'setup' }),
    ]);

    // taking the confirmation back hides them again
    await t.call('POST', '/api/settings/setup_business_confirmed', 'admin', { value: false });
    expect(await publicBusiness()).toEqual({ name: '', email: '', phone: '' });
  });
});
