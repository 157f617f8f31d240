import type { Database } from './client';

// PGlite has no autovacuum: without it the planner's statistics of a growing table stay as they
// were (none, for a table that was empty when last analysed) and its visibility map stays unset,
// so plans go wrong and index-only scans visit the table (ADR 032). This does what autovacuum
// does, with its default thresholds, off the request path: every few minutes, each table changed
// enough since it was last analysed or vacuumed gets ANALYZE or VACUUM (ANALYZE). On PostgreSQL
// the server's own autovacuum does it, so nothing runs there.

/** Autovacuum's defaults (PostgreSQL 17): a base number of rows plus a share of the table. */
const analyzeThreshold = { base: 50, share: 0.1 };
const vacuumThreshold = { base: 50, share: 0.2 };
const insertVacuumThreshold = { base: 1000, share: 0.2 };

export interface TableStats {
  schema: string;
  table: string;
  /** The planner's row estimate (pg_class.reltuples; -1 before the first ANALYZE). */
  rows: number;
  changedSinceAnalyze: number;
  deadRows: number;
  insertedSinceVacuum: number;
  analysedBefore: boolean;
}

export interface MaintenanceDone {
  analysed: string[];
  vacuumed: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What each table needs, by autovacuum's rules; a table never analysed is analysed. */
export function maintenanceNeeded(stats: TableStats[]) {
  const vacuum: TableStats[] = [];
  const analyze: TableStats[] = [];
  for (const s of stats) {
    const rows = Math.max(0, s.rows);
    const over = (t: { base: number; share: number }, value: number) =>
      value > t.base + t.share * rows;
    if (over(vacuumThreshold, s.deadRows) || over(insertVacuumThreshold, s.insertedSinceVacuum)) {
      vacuum.push(s);
    } else if (!s.analysedBefore || over(analyzeThreshold, s.changedSinceAnalyze)) {
      analyze.push(s);
    }
  }
  return { vacuum, analyze };
}

async function readStats(database: Database): Promise<TableStats[]> {
  // PGlite keeps its activity counters pending until a flush: force one, so they are current
  await database.executeSql('select pg_stat_force_next_flush()');
  const { rows } = await database.executeSql(
    `select s.schemaname as schema, s.relname as "table", c.reltuples::float8 as rows,
       s.n_mod_since_analyze::float8 as "changedSinceAnalyze", s.n_dead_tup::float8 as "deadRows",
       s.n_ins_since_vacuum::float8 as "insertedSinceVacuum",
       (s.last_analyze is not null or s.last_autoanalyze is not null or c.reltuples >= 0)
         as "analysedBefore"
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     order by s.schemaname, s.relname`,
  );
  return rows as TableStats[];
}

/** One pass: reads the counters, then analyses or vacuums the tables that need it, one by one. */
export async function maintainTables(database: Database): Promise<MaintenanceDone> {
  const { vacuum, analyze } = maintenanceNeeded(await readStats(database));
  const name = (s: TableStats) => `${quote(s.schema)}.${quote(s.table)}`;
  for (const s of vacuum) await database.executeSql(`vacuum (analyze) ${name(s)}`);
  for (const s of analyze) await database.executeSql(`analyze ${name(s)}`);
  return {
    vacuumed: vacuum.map((s) => `${s.schema}.${s.table}`),
    analysed: analyze.map((s) => `${s.schema}.${s.table}`),
  };
}

export interface MaintenanceLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * On PGlite: a pass soon after start and then every `everyMs` (5 minutes), never two at once.
 * The timer does not keep the process alive. On PostgreSQL: nothing (autovacuum does it).
 */
export function scheduleTableMaintenance(
  database: Database,
  log: MaintenanceLog,
  everyMs = 5 * 60_000,
) {
  if (database.driver !== 'pglite') return { stop: () => Promise.resolve() };
  let current: Promise<void> | null = null;
  const pass = async () => {
    try {
      const done = await maintainTables(database);
      if (done.analysed.length || done.vacuumed.length) {
        log.info(done, 'tables analysed for the query planner');
      }
    } catch (err) {
      log.error({ err }, 'table maintenance failed');
    } finally {
      current = null;
    }
  };
  const run = () => {
    current ??= pass();
  };
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return {
    /** No further pass; resolves when the one under way (if any) has finished. */
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await current;
    },
  };
}
