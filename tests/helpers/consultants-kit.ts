import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createBookingTestApp, type BookingTestApp } from './booking-flows';
import { createStaff, sameOrigin, signInAs } from './staff';

// The consultants' API tests (issue 28): an app with a staff and an admin signed in, and the
// week shapes they send.

const none: { start: string; end: string }[] = [];
export const emptyWeek = {
  sun: none,
  mon: none,
  tue: none,
  wed: none,
  thu: none,
  fri: none,
  sat: none,
};
/** Tuesday mornings and Wednesday afternoons (after lunch). */
export const tueAmWedPm = {
  ...emptyWeek,
  tue: [{ start: '09:00', end: '12:00' }],
  wed: [{ start: '13:00', end: '16:00' }],
};

export interface ConsultantsApp {
  t: BookingTestApp;
  /** A request as nobody, a staff member or an admin. */
  call: (
    method: InjectOptions['method'],
    url: string,
    as?: 'staff' | 'admin',
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  /** POST /api/admin/consultants as the admin; 201 expected. */
  create: (body: object) => Promise<{ id: string }>;
}

/** The clock frozen at Monday 23 November 2026, 09:00 in Melbourne (createBookingTestApp). */
export async function createConsultantsApp(): Promise<ConsultantsApp> {
  const t = await createBookingTestApp();
  const db = t.database.db;
  const cookies = {
    staff: await signInAs(t.app, (await createStaff(db, { role: 'staff' })).email),
    admin: await signInAs(t.app, (await createStaff(db, { role: 'admin' })).email),
  };
  const call: ConsultantsApp['call'] = (method, url, as, payload) =>
    t.app.inject({
      method,
      url,
      headers: as ? { cookie: cookies[as], ...sameOrigin } : {},
      ...(payload && { payload }),
    });
  const create = async (body: object) => {
    const res = await call('POST', '/api/admin/consultants', 'admin', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().consultant as { id: string };
  };
  return { t, call, create };
}
