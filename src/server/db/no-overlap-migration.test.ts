import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migrationsBefore,
  openBlankDatabase,
  type BlankDatabase,
} from '#tests/helpers/blank-database.ts';
import { isExclusionViolation } from './errors';
import { bookings, slotHolds } from './schema';

// A deployed database may already hold overlapping bookings (a grid change and a race, before the
// constraint). Migration 0003 must not fail on them, nor cancel any (ADR 013).
describe('migration 0003 on bookings and holds that already overlap', () => {
  let database: BlankDatabase;
  beforeAll(async () => {
    database = await openBlankDatabase();
    const before = await migrationsBefore('0003_no-overlapping-slots');
    try {
      await database.migrate(before.folder);
    } finally {
      await before.dispose();
    }
    // written as the previous version wrote them: its unique indexes were on exact start times
    await database.db.execute(sql`
      insert into bookings (id, staff_id, service_type, start_time, end_time, status, created_at) values
        ('00000000-0000-4000-8000-00000000000a', 'staff-1', 'phone', '2030-01-10 10:00+11', '2030-01-10 10:30+11', 'confirmed', '2029-12-01 09:00+11'),
        ('00000000-0000-4000-8000-00000000000b', 'staff-1', 'phone', '2030-01-10 10:15+11', '2030-01-10 11:00+11', 'confirmed', '2029-12-02 09:00+11'),
        ('00000000-0000-4000-8000-00000000000c', 'staff-1', 'phone', '2030-01-10 10:00+11', '2030-01-10 10:30+11', 'cancelled', '2029-12-03 09:00+11'),
        ('00000000-0000-4000-8000-00000000000d', 'staff-2', 'phone', '2030-01-10 10:00+11', '2030-01-10 10:30+11', 'confirmed', '2029-12-04 09:00+11')`);
    await database.db.execute(sql`
      insert into slot_holds (id, staff_id, start_time, end_time, expires_at, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'staff-1', '2030-01-11 10:00+11', '2030-01-11 10:30+11', '2100-01-01Z', '2029-12-01 09:00+11'),
        ('00000000-0000-4000-8000-000000000002', 'staff-1', '2030-01-11 10:15+11', '2030-01-11 11:00+11', '2100-01-01Z', '2029-12-02 09:00+11'),
        ('00000000-0000-4000-8000-000000000003', 'staff-2', '2030-01-11 12:00+11', '2030-01-11 12:30+11', '2000-01-01Z', '2029-12-03 09:00+11'),
        ('00000000-0000-4000-8000-000000000004', 'staff-2', '2030-01-11 10:00+11', '2030-01-11 10:30+11', '2100-01-01Z', '2029-12-04 09:00+11')`);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps every booking and flags the later-made of two that overlap', async () => {
    const rows = await database.db
      .select({ id: bookings.id, status: bookings.status, legacyOverlap: bookings.legacyOverlap })
      .from(bookings)
      .orderBy(asc(bookings.id));
    expect(rows.map((r) => [r.id.slice(-1), r.status, r.legacyOverlap])).toEqual([
      ['a', 'confirmed', false],
      ['b', 'confirmed', true],
      ['c', 'cancelled', false],
      ['d', 'confirmed', false],
    ]);
  });

  it('lets go of expired holds and of the later-made of two that overlap', async () => {
    const rows = await database.db.select({ id: slotHolds.id }).from(slotHolds);
    expect(rows.map((r) => r.id.slice(-1)).sort()).toEqual(['1', '4']);
  });

  it('refuses any overlap with the bookings and holds it checks from then on', async () => {
    const at = (time: string) => new Date(`2030-01-10T${time}:00+11:00`);
    const booking = { staffId: 'staff-1', serviceType: 'phone', startTime: at('09:45') };
    await expect(
      database.db.insert(bookings).values({ ...booking, endTime: at('10:15') }),
    ).rejects.toSatisfy(isExclusionViolation);
    const hold = { staffId: 'staff-2', expiresAt: new Date('2100-01-01T00:00:00Z') };
    await expect(
      database.db.insert(slotHolds).values({
        ...hold,
        startTime: new Date('2030-01-11T10:15:00+11:00'),
        endTime: new Date('2030-01-11T10:45:00+11:00'),
      }),
    ).rejects.toSatisfy(isExclusionViolation);
  });
});
