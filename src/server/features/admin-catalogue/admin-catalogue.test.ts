import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { catalogueMessages as m } from '#shared/admin/catalogue.contract.ts';
import { leads } from '#server/db/schema/index.ts';

describe('pain points and booking options (admin)', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());
  const call: RoleTestApp['call'] = (...args) => t.call(...args);
  const publicIds = async (url: string, list: string) =>
    ((await call('GET', url)).json()[list] as { id: string }[]).map((p) => p.id);

  it.each([
    ['GET', '/api/admin/pain-points', undefined, 200],
    ['POST', '/api/pain-points', { id: 'glare-only', name: 'Glare only' }, 201],
    ['PUT', '/api/pain-points/glare-only', { description: 'Cut glare' }, 200],
    ['DELETE', '/api/pain-points/glare-only', undefined, 200],
    ['GET', '/api/admin/booking-options', undefined, 200],
    ['POST', '/api/booking-options', { id: 'site-visit', label: 'Site visit', duration: 60 }, 201],
    ['PUT', '/api/booking-options/site-visit', { duration: 90 }, 200],
    ['DELETE', '/api/booking-options/site-visit', undefined, 200],
  ] as const)('%s %s: 401 anonymous, 403 staff, %i admin', async (method, url, payload, ok) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, 'staff', payload)).statusCode).toBe(403);
    const res = await call(method, url, 'admin', payload);
    expect(res.statusCode, res.body).toBe(ok);
  });

  it.each([
    ['POST', '/api/pain-points', { id: 'Bad Id', name: 'Fine name' }, 'id', m.id],
    ['POST', '/api/pain-points', { id: 'ok-id', name: 'X' }, 'name', m.name],
    ['PUT', '/api/pain-points/thermal', { active: 'no' }, 'active', m.active],
    [
      'POST',
      '/api/booking-options',
      { id: 'quick', label: 'Quick', duration: 15 },
      'duration',
      adminMessages.duration,
    ],
    ['PUT', '/api/booking-options/estimate', { duration: 29 }, 'duration', adminMessages.duration],
    ['PUT', '/api/booking-options/estimate', { label: '' }, 'label', m.label],
  ] as const)('%s %s refuses %j', async (method, url, payload, field, message) => {
    const res = await call(method, url, 'admin', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('answers 404 for unknown ids and 409 for a taken id', async () => {
    for (const [method, url] of [
      ['PUT', '/api/pain-points/nope'],
      ['DELETE', '/api/pain-points/nope'],
      ['PUT', '/api/booking-options/nope'],
      ['DELETE', '/api/booking-options/nope'],
    ] as const) {
      const res = await call(method, url, 'admin', method === 'PUT' ? { active: true } : undefined);
      expect(res.statusCode, url).toBe(404);
    }
    const taken = await call('POST', '/api/pain-points', 'admin', { id: 'thermal', name: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(m.painPointExists);
    const option = await call('POST', '/api/booking-options', 'admin', {
      id: 'estimate',
      label: 'Again',
    });
    expect(option.statusCode).toBe(409);
  });

  it('deactivates and reactivates with PUT { active }; the admin list keeps inactive entries', async () => {
    const off = await call('PUT', '/api/pain-points/security', 'admin', { active: false });
    expect(off.json().painPoint).toMatchObject({ id: 'security', active: false });
    expect(await publicIds('/api/pain-points', 'painPoints')).not.toContain('security');
    const admin = await call('GET', '/api/admin/pain-points', 'admin');
    expect(admin.json().painPoints).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'security', active: false })]),
    );
    await call('PUT', '/api/pain-points/security', 'admin', { active: true });
    expect(await publicIds('/api/pain-points', 'painPoints')).toContain('security');

    await call('PUT', '/api/booking-options/consultation', 'admin', { active: false });
    expect(await publicIds('/api/booking-options', 'bookingOptions')).toEqual(['estimate']);
    const options = await call('GET', '/api/admin/booking-options', 'admin');
    expect(options.json().bookingOptions.map((o: { id: string }) => o.id)).toContain(
      'consultation',
    );
    await call('PUT', '/api/booking-options/consultation', 'admin', { active: true });
  });

  it('deletes an unused pain point, but deactivates one a lead uses', async () => {
    const made = await call('POST', '/api/pain-points', 'admin', {
      id: 'storm-safety',
      name: 'Storm safety',
      description: 'Hold glass in storms',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().painPoint).toMatchObject({ id: 'storm-safety', active: true });
    expect(await publicIds('/api/pain-points', 'painPoints')).toContain('storm-safety');

    await t.database.db
      .insert(leads)
      .values({ data: { bookingOption: 'estimate', details: { painPoint: 'storm-safety' } } });
    const res = await call('DELETE', '/api/pain-points/storm-safety', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      deleted: false,
      deactivated: true,
      message: m.painPointDeactivated,
    });
    expect(await publicIds('/api/pain-points', 'painPoints')).not.toContain('storm-safety');
    const admin = await call('GET', '/api/admin/pain-points', 'admin');
    expect(admin.json().painPoints).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'storm-safety', active: false })]),
    );

    await call('POST', '/api/pain-points', 'admin', { id: 'unused', name: 'Unused one' });
    const gone = await call('DELETE', '/api/pain-points/unused', 'admin');
    expect(gone.json()).toMatchObject({ deleted: true, deactivated: false });
    expect(
      (await call('PUT', '/api/pain-points/unused', 'admin', { active: true })).statusCode,
    ).toBe(404);
  });

  it('keeps a priced pain point (deactivated, not deleted)', async () => {
    const res = await call('DELETE', '/api/pain-points/thermal', 'admin');
    expect(res.json()).toMatchObject({ deleted: false, deactivated: true });
    expect(await publicIds('/api/pain-points', 'painPoints')).not.toContain('thermal');
    await call('PUT', '/api/pain-points/thermal', 'admin', { active: true });
  });

  it('deactivates a booking option a lead chose, and keeps one option active at least', async () => {
    const res = await call('DELETE', '/api/booking-options/estimate', 'admin');
    expect(res.json()).toMatchObject({ deleted: false, deactivated: true });
    const last = await call('PUT', '/api/booking-options/consultation', 'admin', { active: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(m.lastActiveBookingOption);
    await call('PUT', '/api/booking-options/estimate', 'admin', { active: true });
  });
});
