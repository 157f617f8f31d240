import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBooking, seedLead } from '#tests/helpers/lead-seeds.ts';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { csvCell } from './csv';

describe('GET /api/leads/export.csv', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  it('neutralises formula-like cells (OWASP) and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toMatch(/^"?'/);
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell(450)).toBe('450');
  });

  it('streams the filtered leads: en-AU Melbourne dates, dollars, attribution, next booking', async () => {
    const tag = `Csv${randomUUID().slice(0, 6)}`;
    const db = t.database.db;
    const lead = await seedLead(db, {
      firstName: '=cmd|calc',
      lastName: tag,
      stage: 'estimate',
      utmSource: '@google',
      utmCampaign: 'spring',
      painPoint: 'thermal',
      estimatedPrice: 45050,
      createdAt: new Date('2026-11-22T13:30:00Z'),
    });
    await seedBooking(db, { lead, staffId: 'csv-staff', start: new Date('2031-03-03T23:00:00Z') });
    await seedLead(db, { lastName: `${tag}other`, stage: 'contact' });

    const res = await t.call('GET', `/api/leads/export.csv?q=${tag}&stage=estimate`, 'staff');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-.*\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Created,Name,Email,Phone/);
    const row = lines[1]!;
    expect(row).toContain(`23/11/2026 12:30 am,'=cmd|calc ${tag},`);
    // written as Australians do, so no formula guard is needed (issue 26 item 13)
    expect(row).toContain(`,(03) 9876 5432,`);
    expect(row).not.toContain('+61398765432');
    expect(row).toContain(
      ',Estimate,New,Winter Thermal Insulation,450.50,04/03/2031 10:00 am,Upcoming,',
    );
    expect(row).toContain(`,'@google,,spring,`);
  });

  it('is refused to anonymous callers', async () => {
    expect((await t.call('GET', '/api/leads/export.csv')).statusCode).toBe(401);
  });
});

describe('every back-office route refuses anonymous callers', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  const id = randomUUID();
  it.each([
    ['GET', '/api/leads'],
    ['GET', '/api/leads/export.csv'],
    ['GET', `/api/leads/${id}`],
    ['PATCH', `/api/leads/${id}`],
    ['POST', `/api/leads/${id}/notes`],
    ['PATCH', `/api/bookings/${id}`],
    ['POST', `/api/bookings/${id}/reschedule`],
    ['POST', `/api/bookings/${id}/cancel`],
  ] as const)('%s %s', async (method, url) => {
    expect((await t.call(method, url, undefined, {})).statusCode).toBe(401);
  });
});

describe('GET /api/customers?email= (staff only)', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  it('finds the records with an e-mail for staff, and refuses anonymous callers', async () => {
    const email = `lookup.${randomUUID().slice(0, 6)}@example.com`;
    const { customerId } = await seedLead(t.database.db, { email });
    const found = await t.call('GET', `/api/customers?email=${email.toUpperCase()}`, 'staff');
    expect(found.statusCode).toBe(200);
    expect(found.json().customer.id).toBe(customerId);
    expect(found.json().customers).toHaveLength(1);
    const none = await t.call('GET', '/api/customers?email=nobody@example.com', 'staff');
    expect(none.json()).toEqual({ customer: null, customers: [] });
    expect((await t.call('GET', `/api/customers?email=${email}`)).statusCode).toBe(401);
  });
});
