import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeContactStep } from '#tests/helpers/flows.ts';
import {
  at,
  createBookingTestApp,
  holdAndBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { bookings, leads, privacyRequests, uploadedFiles } from '#server/db/schema/index.ts';
import { gazetteerPlace } from '#tests/helpers/places.ts';

// Made-up details no seed or fixture uses, so any trace of them left in any column is a leak.
const person = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  email: 'zephyrine.quill@example.com',
  phone: '0498 765 432',
  ...gazetteerPlace('77 Obscurity Lane', 'Fitzroy', '3065'),
};
const traces = ['Zephyrine', 'Quillfeather', 'zephyrine.quill', '498765432', 'Obscurity'];

/** Every text, varchar and jsonb column of every public table, searched for each trace. */
async function leftTraces(t: BookingTestApp) {
  const { executeSql } = t.database;
  const columns = (
    await executeSql(`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`)
  ).rows as { table_name: string; column_name: string }[];
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const patterns = traces.map((trace) => `%${trace}%`);
  const found: string[] = [];
  for (const c of columns) {
    // spaces and + removed, so a phone stored as '0498 765 432' or '+61498765432' is found too
    const { rows } = await executeSql(
      `select ${quote(c.column_name)}::text as v from ${quote(c.table_name)}
       where regexp_replace(${quote(c.column_name)}::text, '[ +]', '', 'g') ilike any(array[$1, $2, $3, $4, $5])`,
      patterns,
    );
    for (const row of rows as { v: string }[])
      found.push(`${c.table_name}.${c.column_name}: ${row.v}`);
  }
  return found;
}

/** One photo posted as the browser does (multipart/form-data). */
function upload(t: BookingTestApp, sessionId: string, jpeg: Buffer, filename: string) {
  const boundary = '----tintbookprivacy';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads?sessionId=${sessionId}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('erasing a person (APP 13)', () => {
  let t: BookingTestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    admin = await signInAs(t.app, (await createStaff(t.database.db, { role: 'admin' })).email);
    staff = await signInAs(t.app, (await createStaff(t.database.db, { role: 'staff' })).email);
  });
  afterAll(() => t.close());

  const erase = (customerId: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy/customers/${customerId}/erase`,
      headers: cookie ? { cookie, ...sameOrigin } : {},
    });

  it('leaves no personal field in any table, and the counts as they were', async () => {
    const other = await completeContactStep(t.app); // someone else, untouched
    const { sessionId, customerId, leadId } = await completeContactStep(t.app, person);
    const details = {
      glassCount: 2,
      painPoint: 'uv-privacy',
      measurements: [1, 2].map(() => ({ length: 1000, width: 1000, sqm: 1 })),
    };
    const put = (url: string, payload: object, method: 'PUT' | 'POST' = 'PUT') =>
      t.app.inject({ method, url, payload });
    expect((await put(`/api/sessions/${sessionId}/details`, details)).statusCode).toBe(200);
    const estimate = await put('/api/estimates', { sessionId, ...details }, 'POST');
    expect(estimate.statusCode, estimate.body).toBe(200);
    const jpeg = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await upload(t, sessionId, jpeg, 'Zephyrine-lounge.jpg');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await holdAndBook(t.app, sessionId, at('2026-11-30', '10:00'), {
      notes: 'Ring Zephyrine on 0498 765 432',
    });
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/notes`,
      headers: { cookie: staff, ...sameOrigin },
      payload: { text: 'Zephyrine Quillfeather prefers mornings' },
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(await leftTraces(t)).not.toEqual([]);
    const [stored] = await t.database.db.select().from(uploadedFiles);
    const storedPath = join(t.app.config.storage.uploadsDir, stored?.storedName ?? 'none');
    expect(existsSync(storedPath)).toBe(true);
    const counts = {
      leads: await t.database.db.$count(leads),
      bookings: await t.database.db.$count(bookings),
    };

    const stageCounts = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/leads',
          headers: { cookie: staff, ...sameOrigin },
        })
      ).json().counts;
    const countsBefore = await stageCounts();
    expect(countsBefore.byStage.booked).toBe(1);

    expect((await erase(customerId)).statusCode).toBe(401);
    expect((await erase(customerId, staff)).statusCode).toBe(403);
    const res = await erase(customerId, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      erased: { customers: 1, leads: 1, bookings: 1, files: 1 },
      by: { kind: 'staff' },
    });

    expect(await leftTraces(t)).toEqual([]);
    expect(await t.database.db.$count(leads)).toBe(counts.leads);
    expect(await t.database.db.$count(bookings)).toBe(counts.bookings);
    // the list's tabs (what the dashboard counts) are as they were
    expect(await stageCounts()).toEqual(countsBefore);
    expect(existsSync(storedPath)).toBe(false);
    const [logged] = await t.database.db.select().from(privacyRequests);
    expect(logged).toMatchObject({ action: 'erase', customerId, counts: res.json().erased });
    // the anonymous lead still opens for staff
    const erased = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${leadId}`,
      headers: { cookie: staff, ...sameOrigin },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().lead.bookings).toHaveLength(1);
    // the other person is untouched
    const lead = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${other.leadId}`,
      headers: { cookie: staff, ...sameOrigin },
    });
    expect(lead.json().lead.customer.firstName).toBe('Alex');
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await erase('00000000-0000-4000-8000-000000000000', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Customer not found.');
  });
});
