import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { createBookingTestApp, type BookingTestApp } from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { privacyRequests } from '#server/db/schema/index.ts';

/** Every entry of a zip, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('exporting a person (APP 12)', () => {
  let t: BookingTestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    admin = await signInAs(t.app, (await createStaff(t.database.db, { role: 'admin' })).email);
    staff = await signInAs(t.app, (await createStaff(t.database.db, { role: 'staff' })).email);
  });
  afterAll(() => t.close());

  const exportZip = (customerId: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/privacy/customers/${customerId}/export.zip`,
      headers: cookie ? { cookie, ...sameOrigin } : {},
    });

  it('answers a zip with person.json and their files, to an admin only', async () => {
    const { sessionId, customerId, leadId } = await completeContactStep(t.app, {
      firstName: 'Ottoline',
    });
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#444' } })
      .jpeg()
      .toBuffer();
    const boundary = '----tintbookexport';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/uploads?sessionId=${sessionId}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lounge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    expect((await exportZip(customerId)).statusCode).toBe(401);
    expect((await exportZip(customerId, staff)).statusCode).toBe(403);
    const res = await exportZip(customerId, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="person-.*\.zip"$/);

    const entries = await unzip(res.rawPayload);
    const person = JSON.parse(entries.get('person.json')?.toString() ?? '{}');
    expect(person.customer).toMatchObject({ id: customerId, firstName: 'Ottoline' });
    expect(person.leads).toMatchObject([{ id: leadId }]);
    expect(person.sessions).toMatchObject([{ id: sessionId }]);
    expect(person.files).toHaveLength(1);
    expect(person.files[0]).toMatchObject({ originalName: 'lounge.jpg' });
    const file = entries.get(person.files[0].zipPath);
    expect(file?.length).toBeGreaterThan(0);
    // the stored file is the cleaned JPEG the server wrote (metadata stripped), still a JPEG
    expect(file?.subarray(0, 2).toString('hex')).toBe('ffd8');
    const [logged] = await t.database.db.select().from(privacyRequests);
    expect(logged).toMatchObject({ action: 'export', customerId });
  });

  it('lists each return visit with what was typed then (issue 26 item 6)', async () => {
    const email = `returning.${randomUUID().slice(0, 8)}@example.com`;
    const first = await completeContactStep(t.app, { email, firstName: 'Wilhelmina' });
    const again = await completeContactStep(t.app, { email, firstName: 'Mina' });
    expect(again.leadId).toBe(first.leadId);
    const res = await exportZip(first.customerId, admin);
    expect(res.statusCode, res.body).toBe(200);
    const person = JSON.parse((await unzip(res.rawPayload)).get('person.json')?.toString() ?? '{}');
    expect(person.customer).toMatchObject({ firstName: 'Wilhelmina' });
    expect(person.visits).toMatchObject([{ leadId: first.leadId, sessionId: again.sessionId }]);
    expect(JSON.stringify(person.visits)).toContain('Mina');
    expect(person.sessions.map((s: { id: string }) => s.id).sort()).toEqual(
      [first.sessionId, again.sessionId].sort(),
    );
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await exportZip('00000000-0000-4000-8000-000000000000', admin);
    expect(res.statusCode).toBe(404);
  });
});
