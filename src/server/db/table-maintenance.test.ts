import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedLead } from '#tests/helpers/lead-seeds.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { maintainTables, maintenanceNeeded, scheduleTableMaintenance } from './table-maintenance';

const stats = (over: Partial<Parameters<typeof maintenanceNeeded>[0][number]>) => ({
  schema: 'public',
  table: 'leads',
  rows: 10_000,
  changedSinceAnalyze: 0,
  deadRows: 0,
  insertedSinceVacuum: 0,
  analysedBefore: true,
  ...over,
});

describe('table maintenance rules (autovacuum defaults)', () => {
  it('analyses past 50 + 10 % changed rows, vacuums past 50 + 20 % dead or 1000 + 20 % inserted', () => {
    const names = (s: ReturnType<typeof maintenanceNeeded>) => ({
      vacuum: s.vacuum.map((x) => x.table),
      analyze: s.analyze.map((x) => x.table),
    });
    expect(
      names(
        maintenanceNeeded([
          stats({ table: 'quiet', changedSinceAnalyze: 1050 }),
          stats({ table: 'changed', changedSinceAnalyze: 1051 }),
          stats({ table: 'never', rows: -1, analysedBefore: false }),
          stats({ table: 'dead', deadRows: 2051 }),
          stats({ table: 'grown', insertedSinceVacuum: 3001, changedSinceAnalyze: 3001 }),
          stats({ table: 'almost', insertedSinceVacuum: 3000, deadRows: 2050 }),
        ]),
      ),
    ).toEqual({ vacuum: ['dead', 'grown'], analyze: ['changed', 'never'] });
  });
});

// PGlite has no autovacuum, so a table that grows after its last ANALYZE keeps the planner's
// old picture of it. One pass must leave statistics behind for the tables that grew.
describe.runIf(inject('dbDriver') === 'pglite')('table maintenance on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const planner = async (table: string) => {
    const { rows } = await t.database.executeSql(
      `select c.reltuples::int as rows,
         (select count(*)::int from pg_stats s where s.schemaname = 'public' and s.tablename = $1)
           as columns
       from pg_class c where c.oid = ('public.' || $1)::regclass`,
      [table],
    );
    return rows[0] as { rows: number; columns: number };
  };

  it('analyses the tables that grew: the planner then knows their rows and columns', async () => {
    await maintainTables(t.database); // whatever the migrated image left to do
    for (let i = 0; i < 60; i++) await seedLead(t.database.db, { lastName: `Stats${i}` });
    const before = await planner('lead_search_terms');
    const done = await maintainTables(t.database);
    const touched = [...done.analysed, ...done.vacuumed];
    expect(touched).toEqual(
      expect.arrayContaining(['public.leads', 'public.customers', 'public.lead_search_terms']),
    );
    const after = await planner('lead_search_terms');
    expect(before.rows).toBeLessThan(300);
    expect(after.rows).toBeGreaterThanOrEqual(300); // 60 leads, 5 terms or more each
    expect(after.columns).toBe(5);
    expect((await planner('leads')).rows).toBeGreaterThanOrEqual(60);
    // nothing changed since: the next pass leaves them alone
    const again = await maintainTables(t.database);
    expect([...again.analysed, ...again.vacuumed]).not.toEqual(
      expect.arrayContaining(['public.leads']),
    );
  });

  it('runs on its own a moment after start and stops cleanly', async () => {
    for (let i = 0; i < 60; i++) await seedLead(t.database.db, { lastName: `Timer${i}` });
    const logged: object[] = [];
    const log = { info: (d: object) => logged.push(d), error: (d: object) => logged.push(d) };
    const schedule = scheduleTableMaintenance(t.database, log, 50);
    await expect.poll(() => logged.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await schedule.stop();
    expect(logged[0]).toMatchObject({ analysed: expect.arrayContaining(['public.leads']) });
  });
});
