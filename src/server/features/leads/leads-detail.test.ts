import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  hold,
  holdAndBook,
  readyToBook,
  setSetting,
  setStaff,
  slotsOn,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { uploadedFiles } from '#server/db/schema/index.ts';
import { gazetteerCentres } from '#tests/helpers/places.ts';

const monday = '2026-11-30';

describe('the lead detail and staff actions', () => {
  let t: BookingTestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    const staff = await createStaff(t.database.db, { displayName: 'Jordan Lee' });
    cookie = await signInAs(t.app, staff.email);
    // every lead of this file shares one phone and stays a lead of its own (as before ADR 043,
    // or with returning customers switched off): the others are its duplicates
    await setSetting(t.database.db, 'returning_lead_days', 0);
  });
  const samePhone = { phone: '0412 345 678' };
  afterAll(() => t.close());

  // each staff action a minute after the last, so the timeline's order is theirs
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    if (method !== 'GET') t.advance(1);
    return t.app.inject({
      method,
      url,
      headers: { cookie, ...sameOrigin },
      ...(payload && { payload }),
    });
  };

  async function bookedLead(time: string) {
    const ready = await readyToBook(t.app, { customer: samePhone });
    const { booking, manageToken } = await holdAndBook(t.app, ready.sessionId, at(monday, time));
    const page = (await call('GET', `/api/leads?q=${encodeURIComponent('0412 345 678')}`)).json();
    return { ...ready, bookingId: booking.id, manageToken, page };
  }

  it('shows everything about a booked lead', async () => {
    await readyToBook(t.app, { customer: samePhone }); // an earlier enquiry from the same phone
    const { leadId, bookingId, totalCents } = await bookedLead('10:00');
    await t.database.db.insert(uploadedFiles).values({
      leadId,
      originalName: 'lounge.jpg',
      storedName: 'x.jpg',
      size: 10,
      contentType: 'image/jpeg',
      uploadStatus: 'uploaded',
      thumbnailName: 'x.webp',
    });
    const res = await call('GET', `/api/leads/${leadId}`);
    expect(res.statusCode, res.body).toBe(200);
    const lead = res.json().lead;
    expect(lead).toMatchObject({
      id: leadId,
      stage: 'booked',
      status: 'new',
      bookingOption: 'estimate',
      customer: {
        firstName: 'Alex',
        phone: '+61412345678',
        suburb: 'Fitzroy',
        postcode: '3065',
        // the gazetteer's place of the chosen suggestion, as the server resolved it
        addressCoordinates: gazetteerCentres.fitzroy,
      },
      details: { glassCount: 5, painPoint: { id: 'uv-privacy' } },
      estimate: { totalCents },
      attribution: { firstTouch: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring' } },
      speedToLead: { waiting: true },
    });
    expect(lead.details.measurements).toHaveLength(5);
    expect(lead.files[0]).toMatchObject({
      name: 'lounge.jpg',
      isImage: true,
      downloadUrl: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\/content$/),
      thumbnailUrl: expect.stringMatching(/\/thumbnail$/),
    });
    // the file URLs are staff-only
    const anonymous = await t.app.inject({ method: 'GET', url: lead.files[0].downloadUrl });
    expect(anonymous.statusCode).toBe(401);
    expect(lead.bookings).toHaveLength(1);
    expect(lead.bookings[0].booking.id).toBe(bookingId);
    expect(lead.bookings[0].history).toEqual([
      expect.objectContaining({
        action: 'booked',
        by: expect.objectContaining({ kind: 'customer' }),
      }),
    ]);
    expect(lead.bookings[0].messages.map((m: { kind: string }) => m.kind)).toContain(
      'booking_confirmed',
    );
    expect(lead.timeline[0]).toMatchObject({ kind: 'booking_created' });
    // every lead of this file shares the factory's phone: the others are its duplicates
    expect(lead.duplicates.length).toBeGreaterThan(0);
    expect(lead.duplicates[0].matchedOn).toContain('phone');
  });

  it('records stage, status, notes, job id, reschedule and cancel with the staff name', async () => {
    const { leadId, bookingId, sessionId, manageToken } = await bookedLead('11:00');
    const lost = await call('PATCH', `/api/leads/${leadId}`, { stage: 'lost' });
    expect(lost.statusCode).toBe(400);
    expect(lost.json().error.fields).toHaveProperty('lostReason');

    const quoted = await call('PATCH', `/api/leads/${leadId}`, {
      stage: 'quoted',
      status: 'contacted',
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().lead).toMatchObject({
      stage: 'quoted',
      status: 'contacted',
      speedToLead: { waiting: false, waitedMs: expect.any(Number) },
    });
    const note = await call('POST', `/api/leads/${leadId}/notes`, { text: 'Prefers mornings' });
    expect(note.statusCode).toBe(201);
    expect(note.json().entry).toMatchObject({
      kind: 'note',
      text: 'Prefers mornings',
      by: { kind: 'staff', name: 'Jordan Lee' },
    });
    const job = await call('PATCH', `/api/bookings/${bookingId}`, { trak_job_id: 'JOB-77' });
    expect(job.statusCode).toBe(200);
    expect(job.json().booking.trakJobId).toBe('JOB-77');

    const moved = await call('POST', `/api/bookings/${bookingId}/reschedule`, {
      startTime: at(monday, '15:00'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.timeSlot.startTime).toBe('2026-11-30T15:00:00+11:00');
    // the customer's manage link shows the new time; the old slot is free again
    const managed = await t.app.inject({ method: 'GET', url: `/api/manage/${manageToken}` });
    expect(managed.json().booking.timeSlot.startTime).toBe('2026-11-30T15:00:00+11:00');
    expect((await slotsOn(t.app, monday)).get('staff-1@11:00')).toBe(true);

    // a slot someone else holds is not offered
    const held = await hold(t.app, sessionId, at(monday, '14:00'));
    expect(held.statusCode).toBe(201);
    const taken = await call('POST', `/api/bookings/${bookingId}/reschedule`, {
      startTime: at(monday, '14:00'),
    });
    expect(taken.statusCode).toBe(409);
    const notASlot = await call('POST', `/api/bookings/${bookingId}/reschedule`, {
      startTime: at(monday, '16:10'),
    });
    expect(notASlot.statusCode).toBe(400);

    const cancelled = await call('POST', `/api/bookings/${bookingId}/cancel`, { reason: 'Called' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().booking.status).toBe('cancelled');

    const lead = (await call('GET', `/api/leads/${leadId}`)).json().lead;
    const staffEntries = lead.timeline.filter(
      (e: { by: { kind: string } }) => e.by.kind === 'staff',
    );
    const staffKinds = staffEntries.map((e: { kind: string }) => e.kind);
    expect(staffKinds.slice(0, 4)).toEqual([
      'booking_cancelled',
      'booking_rescheduled',
      'job_id_set',
      'note',
    ]);
    // one request changed both, at one instant
    expect(staffKinds.slice(4).sort()).toEqual(['stage_changed', 'status_changed']);
    expect(lead.timeline.map((e: { kind: string }) => e.kind)).toContain('booking_created');
    for (const entry of staffEntries) {
      expect(entry.by).toMatchObject({ kind: 'staff', name: 'Jordan Lee' });
    }
    const history = lead.bookings[0].history as { action: string; by: { kind: string } }[];
    expect(history.filter((h) => h.by.kind === 'staff').map((h) => h.action)).toEqual([
      'job_id_set',
      'rescheduled',
      'cancelled',
    ]);
    expect(history.map((h) => h.action)).toContain('booked');
    const kinds = lead.bookings[0].messages.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['booking_rescheduled', 'booking_cancelled']));

    const lostNow = await call('PATCH', `/api/leads/${leadId}`, {
      stage: 'lost',
      lostReason: 'Went with another installer',
    });
    expect(lostNow.json().lead).toMatchObject({
      stage: 'lost',
      lostReason: 'Went with another installer',
    });
    const stageEntries = lostNow
      .json()
      .lead.timeline.filter((e: { kind: string }) => e.kind === 'stage_changed');
    expect(stageEntries[0].text).toBe('Stage: Quoted → Lost (Went with another installer)');
  });

  it("shows the customer's notes with their history, the consultant's name, type, time and address (issue 26 item 2)", async () => {
    await setStaff(t.database.db, [{ id: 'staff-1', name: 'Priya Shah' }]);
    const ready = await readyToBook(t.app);
    const { booking, manageToken } = await holdAndBook(
      t.app,
      ready.sessionId,
      at(monday, '12:00'),
      { serviceType: 'onsite', notes: 'Side gate code 1234' },
    );
    t.advance(1);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${manageToken}/reschedule`,
      payload: { notes: 'Side gate code 4321, dog in the yard' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    t.advance(1);
    const cleared = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${manageToken}/reschedule`,
      payload: { serviceType: 'phone', notes: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);

    const lead = (await call('GET', `/api/leads/${ready.leadId}`)).json().lead;
    const entry = lead.bookings.find(
      (b: { booking: { id: string } }) => b.booking.id === booking.id,
    );
    expect(entry).toMatchObject({
      booking: { serviceType: 'phone', notes: null, timeSlot: { startTime: at(monday, '12:00') } },
      consultant: { id: 'staff-1', name: 'Priya Shah' },
      address: null, // a phone consultation now
    });
    expect(
      entry.history.map((h: { action: string; details: unknown }) => [h.action, h.details]),
    ).toEqual([
      ['booked', { serviceType: 'onsite', notes: 'Side gate code 1234' }],
      ['details_changed', { serviceType: 'onsite', notes: 'Side gate code 4321, dog in the yard' }],
      ['details_changed', { serviceType: 'phone', notes: null }],
    ]);

    // an onsite booking's card gives the visit's address; the CSV has all of it
    const onsite = await readyToBook(t.app);
    await holdAndBook(t.app, onsite.sessionId, at(monday, '13:00'), {
      serviceType: 'onsite',
      notes: 'Side gate code 1234',
    });
    const onsiteLead = (await call('GET', `/api/leads/${onsite.leadId}`)).json().lead;
    expect(onsiteLead.bookings[0].address).toBe(onsiteLead.customer.address);
    expect(onsiteLead.bookings[0].address).toMatch(/Fitzroy/);
    const csv = await call(
      'GET',
      `/api/leads/export.csv?q=${encodeURIComponent(onsiteLead.customer.email)}`,
    );
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toContain(',Booking,Consultation,Consultant,Visit address,Booking notes,');
    const row = rows.find((r) => r.includes('Side gate code 1234'));
    expect(row).toContain(
      `,Upcoming,Onsite,Priya Shah,"${onsiteLead.customer.address}",Side gate code 1234,`,
    );
  });

  it('answers 404 for an unknown lead', async () => {
    const res = await call('GET', '/api/leads/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});
