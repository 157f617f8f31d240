import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { staffMessages } from '#shared/staff/staff.contract.ts';
import { registerAuth } from '#server/plugins/auth.ts';
import { registerErrorHandling } from '#server/plugins/errors.ts';
import { updateStaffUser } from './staff-auth.repository';
import { createStaff, signInAs } from '#tests/helpers/staff.ts';

// app.requireStaff / app.requireAdmin on probe routes of a small app sharing the test database;
// the real app signs people in.
describe('staff guards', () => {
  let t: TestApp;
  let probe: FastifyInstance;
  const cookies = { staff: '', admin: '', disabled: '' };

  beforeAll(async () => {
    t = await createTestApp();
    probe = Fastify();
    probe.decorate('database', t.database);
    probe.decorate('now', t.app.now);
    probe.decorate('securityHeaders', t.app.securityHeaders);
    registerErrorHandling(probe);
    await probe.register(cookie);
    await registerAuth(probe, t.app.config);
    probe.get('/staff-only', { onRequest: probe.requireStaff }, async (request) => request.staff);
    probe.get('/admin-only', { onRequest: probe.requireAdmin }, async (request) => request.staff);
    probe.get('/as-pre-handler', { preHandler: probe.requireAdmin }, async () => ({ ok: true }));
    await probe.ready();

    const db = t.database.db;
    cookies.staff = await signInAs(t.app, (await createStaff(db, { role: 'staff' })).email);
    cookies.admin = await signInAs(t.app, (await createStaff(db, { role: 'admin' })).email);
    const disabled = await createStaff(db, { role: 'admin' });
    cookies.disabled = await signInAs(t.app, disabled.email);
    // disabled behind the service's back, sessions left in place: the guard must still refuse
    await updateStaffUser(db, disabled.id, { disabled: true });
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  const get = (url: string, cookie?: string) =>
    probe.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const unauthorized = { error: { code: 'UNAUTHORIZED', message: staffMessages.signInRequired } };
  const forbidden = { error: { code: 'FORBIDDEN', message: staffMessages.forbidden } };

  it.each(['/staff-only', '/admin-only', '/as-pre-handler'])(
    '%s refuses anonymous callers',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthorized);
    },
  );

  it('requireStaff lets staff and admins in and sets request.staff (without the password hash)', async () => {
    for (const role of ['staff', 'admin'] as const) {
      const res = await get('/staff-only', cookies[role]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role });
      expect(res.json()).not.toHaveProperty('passwordHash');
    }
  });

  it('requireAdmin answers 403 to the staff role and lets admins in', async () => {
    const refused = await get('/admin-only', cookies.staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(forbidden);
    expect((await get('/admin-only', cookies.admin)).statusCode).toBe(200);
    expect((await get('/as-pre-handler', cookies.staff)).statusCode).toBe(403);
  });

  it('a disabled account’s session is refused at once', async () => {
    const res = await get('/staff-only', cookies.disabled);
    expect(res.statusCode).toBe(401);
  });
});
