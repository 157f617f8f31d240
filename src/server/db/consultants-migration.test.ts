import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migrationsBefore,
  openBlankDatabase,
  type BlankDatabase,
} from '#tests/helpers/blank-database.ts';
import { consultants, settings } from './schema';

// Migration 0022 (issue 28, ADR 052): the booking staff of the settings become consultants with
// their ids (existing bookings keep naming them), working the rules' grid on every weekday.
describe('migration 0022 from the booking staff of the settings', () => {
  let database: BlankDatabase;
  beforeAll(async () => {
    database = await openBlankDatabase();
    const before = await migrationsBefore('0022_consultants');
    try {
      await database.migrate(before.folder);
    } finally {
      await before.dispose();
    }
    // a business that named two staff members and runs 8 slots of 45 minutes from 09:30
    const set = (key: string, value: unknown) =>
      database.db.execute(
        sql`update settings set value = ${JSON.stringify(value)}::jsonb where key = ${key}`,
      );
    await set('booking_staff', [
      { id: 'alex', name: 'Alex' },
      { id: 'sam', name: '' },
    ]);
    await set('first_slot', '09:30');
    await set('slots_per_day', 8);
    await set('slot_minutes', 45);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('makes one consultant per staff member, named, with the grid as their hours', async () => {
    const rows = await database.db.select().from(consultants).orderBy(asc(consultants.id));
    const grid = [{ start: '09:30', end: '15:30' }];
    expect(
      rows.map(({ id, name, active, services, weeklyHours, timeOff, baseLat, territory }) => ({
        id,
        name,
        active,
        services,
        weeklyHours,
        timeOff,
        baseLat,
        territory,
      })),
    ).toEqual(
      ['alex', 'sam'].map((id) => ({
        id,
        name: id === 'alex' ? 'Alex' : 'sam',
        active: true,
        services: ['phone', 'onsite'],
        weeklyHours: {
          sun: grid,
          mon: grid,
          tue: grid,
          wed: grid,
          thu: grid,
          fri: grid,
          sat: grid,
        },
        timeOff: [],
        baseLat: null,
        territory: null,
      })),
    );
  });

  it('retires the booking_staff setting', async () => {
    const left = await database.db.select().from(settings).where(eq(settings.key, 'booking_staff'));
    expect(left).toEqual([]);
  });
});
