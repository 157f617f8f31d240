import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '#tests/helpers/booking-flows.ts';
import {
  createConsultantsApp,
  emptyWeek,
  tueAmWedPm,
  type ConsultantsApp,
} from '#tests/helpers/consultants-kit.ts';
import { seedBooking } from '#tests/helpers/lead-seeds.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookings } from '#server/db/schema/index.ts';

const [week, hours] = [emptyWeek, tueAmWedPm];
const wednesday = '2026-11-25';

// Issue 28: which consultant a time goes to, and giving a booking to another one.
describe('consultants: holds by service, reassignment', () => {
  let app: ConsultantsApp;
  let t: ConsultantsApp['t'];
  beforeAll(async () => {
    app = await createConsultantsApp();
    t = app.t;
  });
  afterAll(() => t.close());
  const call: ConsultantsApp['call'] = (...args) => app.call(...args);
  const create: ConsultantsApp['create'] = (body) => app.create(body);

  it('holds a time only for a consultant doing the service asked for', async () => {
    const ola = await create({ name: 'Ola', services: ['onsite'], weeklyHours: hours });
    const wed14 = at(wednesday, '14:00');
    await seedBooking(t.database.db, { staffId: 'staff-1', start: new Date(wed14) });
    const hold = (serviceType: string) =>
      call('POST', '/api/holds', undefined, {
        sessionId: randomUUID(),
        startTime: wed14,
        serviceType,
      });
    const phone = await hold('phone');
    expect(phone.statusCode, phone.body).toBe(409);
    expect(phone.json().error.code).toBe(errorCodes.slotTaken);
    const onsite = await hold('onsite');
    expect(onsite.statusCode, onsite.body).toBe(201);
    expect(onsite.json().staffId).toBe(ola.id);
    await call('PATCH', `/api/admin/consultants/${ola.id}`, 'admin', { active: false });
  });

  it('reassigns a booking to another consultant free then, and refuses one who is busy', async () => {
    const lee = await create({ name: 'Lee', weeklyHours: hours });
    const thu = '2026-11-26';
    const thuHours = { ...week, thu: [{ start: '08:00', end: '12:00' }] };
    await call('PATCH', `/api/admin/consultants/${lee.id}`, 'admin', { weeklyHours: thuHours });
    const seedAt = (staffId: string) =>
      seedBooking(t.database.db, { staffId, start: new Date(at(thu, '10:00')) });
    const [first, second] = [await seedAt('staff-1'), await seedAt(lee.id)];
    const reassign = (id: string, consultantId: string) =>
      call('PATCH', `/api/bookings/${id}`, 'admin', { consultantId });
    // Lee has the 10:00 already: the first cannot go to them
    const busy = await reassign(first, lee.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe(errorCodes.slotTaken);
    // Lee's goes to staff-1 once staff-1's is cancelled
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first));
    const moved = await reassign(second, 'staff-1');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.staffId).toBe('staff-1');
    await call('PATCH', `/api/admin/consultants/${lee.id}`, 'admin', { active: false });
  });
});
