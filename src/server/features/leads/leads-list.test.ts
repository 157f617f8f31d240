import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBooking, seedLead } from '#tests/helpers/lead-seeds.ts';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';

describe('GET /api/leads', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string>) => {
    const res = await t.call('GET', `/api/leads?${new URLSearchParams(query)}`, 'staff');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      leads: { id: string; name: string; [k: string]: unknown }[];
      nextCursor: string | null;
      counts: { total: number; byStage: Record<string, number> } | null;
    };
  };
  /** Every page of a listing: ids in order; `between` runs after each page. */
  async function allPages(query: Record<string, string>, between?: () => Promise<void>) {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list({ ...query, ...(cursor && { cursor }) });
      ids.push(...page.leads.map((l) => l.id));
      cursor = page.nextCursor;
      await between?.();
    } while (cursor);
    return ids;
  }

  it('is refused to anonymous callers', async () => {
    expect((await t.call('GET', '/api/leads')).statusCode).toBe(401);
  });

  it('pages never repeat or skip a lead while new ones arrive (each sort)', async () => {
    const tag = `Page${randomUUID().slice(0, 6)}`;
    const base = Date.parse('2026-10-01T00:00:00Z');
    const seeded: string[] = [];
    for (let i = 0; i < 23; i++) {
      // pairs share a creation instant: the id breaks the tie
      const createdAt = new Date(base + Math.floor(i / 2) * 60_000);
      const untouched = i % 3 !== 0;
      const lead = await seedLead(t.database.db, {
        lastName: tag,
        createdAt,
        firstStaffActionAt: untouched ? null : new Date(createdAt.getTime() + 1000),
      });
      seeded.push(lead.leadId);
      if (i % 4 === 0) {
        const start = new Date(Date.parse('2030-01-01T00:00:00Z') + i * 3_600_000);
        await seedBooking(t.database.db, {
          lead,
          staffId: `staff-${i}`,
          start,
        });
      }
    }
    for (const sort of ['newest', 'next_appointment', 'waiting']) {
      let n = 0;
      const ids = await allPages({ q: tag, sort, limit: '4' }, async () => {
        // a newer lead and one as old as the oldest arrive between pages
        await seedLead(t.database.db, { lastName: `${tag}x`, createdAt: new Date(base + n++) });
      });
      const original = ids.filter((id) => seeded.includes(id));
      expect(new Set(original).size, sort).toBe(original.length);
      expect(new Set(original), sort).toEqual(new Set(seeded));
    }
  });

  it('sorts: newest first; upcoming appointments soonest first; untouched leads oldest first', async () => {
    const tag = `Sort${randomUUID().slice(0, 6)}`;
    const older = await seedLead(t.database.db, {
      lastName: tag,
      createdAt: new Date('2026-09-01T00:00:00Z'),
    });
    const newer = await seedLead(t.database.db, {
      lastName: tag,
      createdAt: new Date('2026-09-02T00:00:00Z'),
    });
    const touched = await seedLead(t.database.db, {
      lastName: tag,
      createdAt: new Date('2026-08-01T00:00:00Z'),
      firstStaffActionAt: new Date('2026-08-01T00:05:00Z'),
    });
    await seedBooking(t.database.db, {
      lead: touched,
      staffId: 'staff-sort',
      serviceType: 'onsite',
      start: new Date('2031-02-01T00:00:00Z'),
    });
    const ids = async (sort: string) => (await list({ q: tag, sort })).leads.map((l) => l.id);
    expect(await ids('newest')).toEqual([newer.leadId, older.leadId, touched.leadId]);
    expect(await ids('next_appointment')).toEqual([touched.leadId, newer.leadId, older.leadId]);
    expect(await ids('waiting')).toEqual([older.leadId, newer.leadId, touched.leadId]);
    const row = (await list({ q: tag })).leads.find((l) => l.id === touched.leadId);
    expect(row).toMatchObject({
      bookingState: 'upcoming',
      nextAppointment: { startTime: '2031-02-01T11:00:00+11:00', serviceType: 'onsite' },
      speedToLead: { waitedMs: 300_000, waiting: false },
    });
  });

  it('finds a phone typed any way, and names, e-mail and suburb by their start', async () => {
    const tag = randomUUID().slice(0, 6);
    const { leadId } = await seedLead(t.database.db, {
      firstName: 'Priya',
      lastName: `Search${tag}`,
      email: `priya.${tag}@example.com`,
      phone: '+61413579246',
      suburb: `Brunswick${tag}`,
    });
    for (const q of [
      '0413 579 246',
      '+61413579246',
      '0413579246',
      '+61 413 579 246',
      '(04) 1357-9246',
    ]) {
      expect(
        (await list({ q })).leads.map((l) => l.id),
        q,
      ).toEqual([leadId]);
    }
    for (const q of [`search${tag}`, `Priya Search${tag}`, `priya.${tag}`, `brunswick${tag}`]) {
      expect(
        (await list({ q })).leads.map((l) => l.id),
        q,
      ).toEqual([leadId]);
    }
    expect((await list({ q: `riya.${tag}` })).leads).toEqual([]);
    expect((await list({ q: `%${tag}` })).leads).toEqual([]);
  });

  it('combines filters and counts per stage under the other filters', async () => {
    const tag = `Filter${randomUUID().slice(0, 6)}`;
    const db = t.database.db;
    const a = await seedLead(db, {
      lastName: tag,
      stage: 'estimate',
      status: 'contacted',
      utmSource: 'Google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      painPoint: 'thermal',
      estimatedPrice: 45000,
      photos: 2,
      // 23 Nov 2026 00:30 in Melbourne (AEDT) is still 22 Nov in UTC
      createdAt: new Date('2026-11-22T13:30:00Z'),
    });
    const b = await seedLead(db, {
      lastName: tag,
      stage: 'contact',
      painPoint: 'security',
      createdAt: new Date('2026-11-22T12:30:00Z'),
    });
    const ids = async (query: Record<string, string>) =>
      (await list({ q: tag, ...query })).leads.map((l) => l.id).sort();
    expect(await ids({ stage: 'estimate' })).toEqual([a.leadId]);
    expect(await ids({ status: 'contacted' })).toEqual([a.leadId]);
    expect(await ids({ status: 'new' })).toEqual([b.leadId]);
    expect(await ids({ painPoint: 'security' })).toEqual([b.leadId]);
    expect(await ids({ source: 'google' })).toEqual([a.leadId]);
    expect(await ids({ source: 'website' })).toEqual([b.leadId]);
    expect(await ids({ medium: 'CPC', campaign: 'spring' })).toEqual([a.leadId]);
    expect(await ids({ hasPhotos: 'true' })).toEqual([a.leadId]);
    expect(await ids({ hasPhotos: 'false' })).toEqual([b.leadId]);
    expect(await ids({ from: '2026-11-23', to: '2026-11-23' })).toEqual([a.leadId]);
    expect(await ids({ to: '2026-11-22' })).toEqual([b.leadId]);
    expect(await ids({ booking: 'none' })).toEqual([a.leadId, b.leadId].sort());
    expect(await ids({ booking: 'upcoming' })).toEqual([]);
    expect(await ids({ stage: 'estimate', status: 'new' })).toEqual([]);

    const page = await list({ q: tag, stage: 'estimate' });
    expect(page.counts).toEqual({
      total: 2,
      byStage: { contact: 1, details: 0, estimate: 1, booked: 0, quoted: 0, won: 0, lost: 0 },
    });
    expect(page.leads[0]).toMatchObject({
      name: `Sam ${tag}`,
      suburb: 'Carlton',
      stage: 'estimate',
      mainConcern: { id: 'thermal', name: 'Winter Thermal Insulation' },
      estimateTotalCents: 45000,
      source: 'Google',
      photoCount: 2,
      bookingState: 'none',
      nextAppointment: null,
      speedToLead: { firstStaffActionAt: null, waiting: true },
    });
  });

  it('booking states: cancelled, past and upcoming', async () => {
    const tag = `State${randomUUID().slice(0, 6)}`;
    const db = t.database.db;
    const make = async (start: string, status: string) => {
      const lead = await seedLead(db, { lastName: tag });
      await seedBooking(db, { lead, staffId: `s-${randomUUID()}`, start: new Date(start), status });
      return lead.leadId;
    };
    const past = await make('2020-01-01T00:00:00Z', 'confirmed');
    const cancelled = await make('2031-01-01T00:00:00Z', 'cancelled');
    const upcoming = await make('2031-01-02T00:00:00Z', 'confirmed');
    const ids = async (booking: string) => (await list({ q: tag, booking })).leads.map((l) => l.id);
    expect(await ids('past')).toEqual([past]);
    expect(await ids('cancelled')).toEqual([cancelled]);
    expect(await ids('upcoming')).toEqual([upcoming]);
    expect(await ids('none')).toEqual([]);
  });

  it('refuses a forged cursor and a backwards date range', async () => {
    const forged = await t.call('GET', '/api/leads?cursor=bm9wZQ', 'staff');
    expect(forged.statusCode).toBe(400);
    const range = await t.call('GET', '/api/leads?from=2026-11-02&to=2026-11-01', 'staff');
    expect(range.statusCode).toBe(400);
  });
});
