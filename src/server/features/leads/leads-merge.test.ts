import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeEstimateSteps } from '#tests/helpers/flows.ts';
import {
  at,
  createBookingTestApp,
  holdAndBook,
  setSetting,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import {
  activities,
  bookings,
  customers,
  leads,
  uploadedFiles,
  utmCaptures,
} from '#server/db/schema/index.ts';

const monday = '2026-11-30';
const unknownId = '00000000-0000-4000-8000-000000000000';

/** Contact, Details and Estimate for one person's e-mail and phone: an enquiry that can book. */
const enquiry = (app: FastifyInstance, person: { email: string; phone?: string }) =>
  completeEstimateSteps(app, person, 'uv-privacy');

describe('merging one person’s customer records', () => {
  let t: BookingTestApp;
  let staff: string;
  let admin: string;
  let tag = 0;
  beforeAll(async () => {
    t = await createBookingTestApp();
    const member = await createStaff(t.database.db, { displayName: 'Robin Staff' });
    staff = await signInAs(t.app, member.email);
    admin = await signInAs(t.app, (await createStaff(t.database.db, { role: 'admin' })).email);
    // one person's records, each with a lead of its own: made while returning customers did not
    // continue their lead (ADR 043 switched off), as records made before it were
    await setSetting(t.database.db, 'returning_lead_days', 0);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie, ...sameOrigin } : {},
      ...(payload && { payload }),
    });
  const merge = (keepId: string, customerIds: unknown, cookie: string | null = staff) =>
    call('POST', `/api/customers/${keepId}/merge`, cookie, { customerIds });
  const note = (leadId: string, text: string) =>
    call('POST', `/api/leads/${leadId}/notes`, staff, { text });
  const file = (leadId: string, name: string) =>
    t.database.db.insert(uploadedFiles).values({
      leadId,
      originalName: name,
      storedName: `${name}.stored`,
      size: 10,
      contentType: 'image/jpeg',
      uploadStatus: 'uploaded',
    });
  const detail = async (leadId: string) => {
    const res = await call('GET', `/api/leads/${leadId}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lead;
  };
  const totals = async () => ({
    leads: await t.database.db.$count(leads),
    bookings: await t.database.db.$count(bookings),
    files: await t.database.db.$count(uploadedFiles),
    notes: await t.database.db.$count(activities, eq(activities.action, 'staff_note')),
    byStage: (await call('GET', '/api/leads', staff)).json().counts,
  });
  const person = () => {
    tag += 1;
    return { email: `merge.${tag}.${Date.now()}@example.com`, phone: `0455 000 ${100 + tag}` };
  };

  it('moves every booking, file, note and attribution to the record staff keep, in one lead', async () => {
    const who = person();
    // three enquiries of one person: two by e-mail, one by phone with another e-mail
    const first = await enquiry(t.app, who);
    const second = await enquiry(t.app, who);
    const third = await enquiry(t.app, { email: `other.${who.email}`, phone: who.phone });
    await holdAndBook(t.app, first.sessionId, at(monday, '10:00'));
    await holdAndBook(t.app, second.sessionId, at(monday, '11:00'));
    await file(first.leadId, 'first-lounge.jpg');
    await file(third.leadId, 'third-kitchen.jpg');
    expect((await note(first.leadId, 'Prefers mornings')).statusCode).toBe(201);
    expect((await note(third.leadId, 'Has a dog')).statusCode).toBe(201);
    // the first enquiry came from an ad: its landing belongs to the person, whichever record stays
    await t.database.db.insert(utmCaptures).values({
      sessionId: first.sessionId,
      customerId: first.customerId,
      family: 'google_ads',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'winter-tint',
      gclid: 'TEST123',
    });
    const before = await totals();
    const attributionBefore = (await detail(first.leadId)).attribution;
    expect(JSON.stringify(attributionBefore)).toContain('winter-tint');
    expect((await detail(second.leadId)).duplicates.map((d: { id: string }) => d.id)).toEqual(
      expect.arrayContaining([first.leadId, third.leadId]),
    );

    // the second record is kept (staff's choice, not the oldest)
    const res = await merge(second.customerId, [first.customerId, third.customerId]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      customer: { id: second.customerId, email: who.email },
      moved: { customers: 2, leads: 2, bookings: 1, files: 2, notes: 2 },
    });

    const { db } = t.database;
    const gone = await db
      .select()
      .from(customers)
      .where(inArray(customers.id, [first.customerId, third.customerId]));
    expect(gone).toEqual([]);
    const ids = [first.leadId, second.leadId, third.leadId];
    // ADR 043: the person's open leads are one row now, the first enquiry's
    const owners = await db
      .select({ id: leads.id, customerId: leads.customerId })
      .from(leads)
      .where(inArray(leads.id, ids));
    expect(owners).toEqual([{ id: first.leadId, customerId: second.customerId }]);
    const bookingOwners = await db
      .select({ customerId: bookings.customerId })
      .from(bookings)
      .where(inArray(bookings.leadId, ids));
    expect(bookingOwners).toEqual([
      { customerId: second.customerId },
      { customerId: second.customerId },
    ]);
    // nothing lost; the list counts one enquiry (booked, its furthest stage) instead of three
    expect(await totals()).toEqual({
      ...before,
      leads: before.leads - 2,
      byStage: {
        total: before.byStage.total - 2,
        byStage: {
          ...before.byStage.byStage,
          booked: before.byStage.byStage.booked - 1,
          estimate: before.byStage.byStage.estimate - 1,
        },
      },
    });

    const lead = await detail(first.leadId);
    expect(lead.customer.id).toBe(second.customerId);
    expect(lead.stage).toBe('booked');
    expect(lead.bookings).toHaveLength(2);
    expect(lead.files.map((f: { name: string }) => f.name).sort()).toEqual([
      'first-lounge.jpg',
      'third-kitchen.jpg',
    ]);
    // the merged enquiries are its visits, with what each record said
    expect(lead.visits.map((v: { typed: { email: string } }) => v.typed.email).sort()).toEqual(
      [who.email, `other.${who.email}`].sort(),
    );
    expect(lead.attribution).toEqual(attributionBefore);
    const captures = await db
      .select({ customerId: utmCaptures.customerId })
      .from(utmCaptures)
      .where(eq(utmCaptures.sessionId, first.sessionId));
    expect(captures).toEqual([{ customerId: second.customerId }]);
    const texts = lead.timeline.map((e: { text: string }) => e.text);
    expect(texts).toContain('Prefers mornings');
    const logged = lead.timeline.filter((e: { kind: string }) => e.kind === 'customers_merged');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      kind: 'customers_merged',
      by: { kind: 'staff', name: 'Robin Staff' },
      text: 'Duplicate records merged into this customer',
    });
    expect(texts).toContain('Has a dog');
    expect((await call('GET', `/api/leads/${third.leadId}`, staff)).statusCode).toBe(404);
    // the merged enquiries' sessions continue the lead: a booking of theirs lands on it
    const moved = await holdAndBook(t.app, third.sessionId, at(monday, '12:00'));
    const [landed] = await db
      .select({ leadId: bookings.leadId })
      .from(bookings)
      .where(eq(bookings.id, moved.booking.id));
    expect(landed?.leadId).toBe(first.leadId);
    // one record for the e-mail now
    const lookup = await call(
      'GET',
      `/api/customers?email=${encodeURIComponent(who.email)}`,
      staff,
    );
    expect(lookup.json().customers.map((c: { id: string }) => c.id)).toEqual([second.customerId]);
  });

  it('answers 401 to an anonymous caller, and lets staff and admin merge', async () => {
    const who = person();
    const [a, b, c] = [
      await enquiry(t.app, who),
      await enquiry(t.app, who),
      await enquiry(t.app, who),
    ];
    const anonymous = await merge(a.customerId, [b.customerId], null);
    expect(anonymous.statusCode).toBe(401);
    // a cookie from another site is refused, as for every staff write
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${a.customerId}/merge`,
      headers: { cookie: staff, origin: 'https://evil.example' },
      payload: { customerIds: [b.customerId] },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await merge(a.customerId, [b.customerId], staff)).statusCode).toBe(200);
    expect((await merge(a.customerId, [c.customerId], admin)).statusCode).toBe(200);
  });

  it('refuses bad ids with a 4xx and changes nothing', async () => {
    const who = person();
    const a = await enquiry(t.app, who);
    const b = await enquiry(t.app, who);
    const before = await totals();
    const cases: [string, unknown, number, string][] = [
      ['not-a-uuid', [b.customerId], 400, 'Customer not found.'],
      [a.customerId, ['not-a-uuid'], 400, 'Customer not found.'],
      [a.customerId, [], 400, 'Choose other records than the one to keep.'],
      [a.customerId, [a.customerId], 400, 'Choose other records than the one to keep.'],
      [unknownId, [b.customerId], 404, 'Customer not found.'],
      // one unknown among known ones: nothing merged at all
      [a.customerId, [b.customerId, unknownId], 404, 'Customer not found.'],
    ];
    for (const [keep, others, status, message] of cases) {
      const res = await merge(keep, others);
      expect(res.statusCode, `${keep} ${JSON.stringify(others)}: ${res.body}`).toBe(status);
      // the message, or the field's when the request's shape is refused
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    const noBody = await call('POST', `/api/customers/${a.customerId}/merge`, staff, {});
    expect(noBody.statusCode).toBe(400);
    expect(await t.database.db.$count(customers, eq(customers.id, b.customerId))).toBe(1);
    expect(await totals()).toEqual(before);

    // an erased person is anonymous rows: merging one would attach them to someone again
    const erased = await call('POST', `/api/admin/privacy/customers/${b.customerId}/erase`, admin);
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await detail(b.leadId)).customerErasedAt).toBe(t.clock.now.toISOString());
    expect((await detail(a.leadId)).customerErasedAt).toBeNull();
    const res = await merge(a.customerId, [b.customerId]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('An erased person cannot be merged.');
  });
});
