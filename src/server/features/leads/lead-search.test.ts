import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLead } from '#tests/helpers/lead-seeds.ts';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { customers, leads } from '#server/db/schema/index.ts';

// The search box reads lead_search_terms (ADR 032), which triggers keep: these tests change the
// customers and leads straight in the database, as any code path might, and search again.
describe('GET /api/leads?q= (the search index)', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string>) => {
    const res = await t.call('GET', `/api/leads?${new URLSearchParams(query)}`, 'staff');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      leads: { id: string; stage: string }[];
      nextCursor: string | null;
      counts: { total: number; byStage: Record<string, number> } | null;
    };
  };
  const leadCustomer = async (leadId: string) =>
    (await t.database.db.select().from(leads).where(eq(leads.id, leadId)))[0]?.customerId;
  const ids = async (q: string, more: Record<string, string> = {}) =>
    (await list({ q, ...more })).leads.map((l) => l.id).sort();

  it('follows a customer whose name, e-mail, phone or suburb changes', async () => {
    const tag = randomUUID().slice(0, 6);
    const db = t.database.db;
    const { leadId, customerId } = await seedLead(db, {
      firstName: `Ada${tag}`,
      lastName: `Old${tag}`,
      email: `ada.${tag}@example.com`,
      phone: '+61411222333',
      suburb: `Kew${tag}`,
    });
    expect(await ids(`old${tag}`)).toEqual([leadId]);
    await db
      .update(customers)
      .set({
        lastName: `New${tag}`,
        email: `ada.new.${tag}@example.com`,
        phone: '+61499888777',
        suburb: `Elwood${tag}`,
      })
      .where(eq(customers.id, customerId));
    expect(await ids(`old${tag}`)).toEqual([]);
    expect(await ids(`kew${tag}`)).toEqual([]);
    expect(await ids(`new${tag}`)).toEqual([leadId]);
    expect(await ids(`ada.new.${tag}`)).toEqual([leadId]);
    expect(await ids(`elwood${tag}`)).toEqual([leadId]);
    expect(await ids('0499 888 777')).toEqual([leadId]);
    expect(await ids('0411 222 333')).not.toContain(leadId);
  });

  it('follows a lead moved to another customer, and forgets a deleted lead', async () => {
    const tag = randomUUID().slice(0, 6);
    const db = t.database.db;
    const a = await seedLead(db, { lastName: `Kept${tag}` });
    const b = await seedLead(db, { lastName: `Merged${tag}` });
    await db.update(leads).set({ customerId: a.customerId }).where(eq(leads.id, b.leadId));
    expect(await ids(`kept${tag}`)).toEqual([a.leadId, b.leadId].sort());
    expect(await ids(`merged${tag}`)).toEqual([]);
    await db.delete(leads).where(eq(leads.id, b.leadId));
    expect(await ids(`kept${tag}`)).toEqual([a.leadId]);
  });

  it('counts per stage and filters by stage as the lead moves through the pipeline', async () => {
    const tag = `Stage${randomUUID().slice(0, 6)}`;
    const db = t.database.db;
    const a = await seedLead(db, { lastName: tag, stage: 'contact' });
    const b = await seedLead(db, { lastName: tag, stage: 'contact' });
    await db.update(leads).set({ stage: 'won' }).where(eq(leads.id, b.leadId));
    const page = await list({ q: tag });
    expect(page.counts?.byStage).toMatchObject({ contact: 1, won: 1 });
    expect(page.counts?.total).toBe(2);
    expect(await ids(tag, { stage: 'won' })).toEqual([b.leadId]);
    expect(await ids(tag, { stage: 'contact' })).toEqual([a.leadId]);
    // the same answer through the general path (another filter beside the search)
    expect(await ids(tag, { stage: 'won', status: 'new' })).toEqual([b.leadId]);
    expect((await list({ q: tag, status: 'new' })).counts?.byStage).toMatchObject({
      contact: 1,
      won: 1,
    });
  });

  it('finds each word of a suburb or a name, and needs every word typed', async () => {
    const tag = randomUUID().slice(0, 6);
    const db = t.database.db;
    const { leadId } = await seedLead(db, {
      firstName: 'Mary',
      lastName: `Smith-Jones${tag}`,
      suburb: `Box Hill${tag}`,
    });
    expect(await ids(`hill${tag}`)).toEqual([leadId]);
    expect(await ids(`box hill${tag}`)).toEqual([leadId]);
    expect(await ids(`jones${tag}`)).toEqual([leadId]);
    expect(await ids(`smith-jones${tag}`)).toEqual([leadId]);
    expect(await ids(`mary jones${tag}`)).toEqual([leadId]);
    expect(await ids(`john jones${tag}`)).toEqual([]);
    // a word is never matched against the phone number, nor a number against a name
    expect(await ids(`jones${tag} 6139`)).toEqual([]);
  });

  it('finds a phone by its last digits and an e-mail by a part of it (ADR 042)', async () => {
    const tag = randomUUID().slice(0, 6);
    const db = t.database.db;
    const { leadId } = await seedLead(db, {
      firstName: `Lan${tag}`,
      lastName: 'Nguyen',
      email: `lan.nguyen${tag}@example.com`,
      phone: '+61412345678',
    });
    const other = await seedLead(db, {
      email: `nguyen${tag}.other@elsewhere.com`,
      phone: '+61412999999',
    });
    const found = async (q: string) => (await ids(q)).includes(leadId);
    expect(await found('345 678')).toBe(true);
    expect(await found('345678')).toBe(true);
    expect(await found('12 345 678')).toBe(true);
    expect(await found('0412 345 678')).toBe(true); // the whole number as before
    expect(await found('345 679')).toBe(false);
    expect(await ids(`nguyen${tag}@example`)).toEqual([leadId]);
    expect(await ids(`nguyen${tag}@`)).toEqual([leadId]);
    expect(await ids(`lan.nguyen${tag}@example.com`)).toEqual([leadId]);
    expect(await ids(`nguyen${tag}`)).toEqual([leadId, other.leadId].sort());
    expect(await found('example.com')).toBe(true); // the domain
    // with the last digits and a name together (the general path under another filter too)
    expect(await ids(`lan${tag}`, { status: 'new' })).toEqual([leadId]);
    expect(await ids('345 678', { status: 'new' })).toContain(leadId);
    // a later change of the e-mail or phone moves its parts too (the triggers of migration 0012)
    await db
      .update(customers)
      .set({ email: `lan${tag}@other.example`, phone: '+61400111222' })
      .where(eq(customers.id, (await leadCustomer(leadId))!));
    expect(await found('345 678')).toBe(false);
    expect(await found('111 222')).toBe(true);
    expect(await ids(`nguyen${tag}@example`)).toEqual([]);
  });

  it('pages a common word with the stage filter: every match once, newest first', async () => {
    const tag = `Many${randomUUID().slice(0, 6)}`;
    const db = t.database.db;
    const base = Date.parse('2026-06-01T00:00:00Z');
    const seeded: { id: string; stage: string; at: number }[] = [];
    for (let i = 0; i < 9; i++) {
      const at = base + Math.floor(i / 3) * 60_000; // threes share an instant: the id breaks ties
      const stage = i % 2 ? 'booked' : 'contact';
      const { leadId } = await seedLead(db, { firstName: tag, stage, createdAt: new Date(at) });
      seeded.push({ id: leadId, stage, at });
    }
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list({ q: tag, stage: 'contact', limit: '2', ...(cursor && { cursor }) });
      pages.push(...page.leads.map((l) => l.id));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = seeded
      .filter((s) => s.stage === 'contact')
      .sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1))
      .map((s) => s.id);
    expect(pages).toEqual(expected);
  });
});
