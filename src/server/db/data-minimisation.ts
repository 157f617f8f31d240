import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { minimiseLeads } from './lead-writes';
import { hasClickIdIn, truncatedIp, withoutClickIds } from './personal-data-sql';
import { dropSessionClickIds } from './session-writes';

// APP 11 (Australian Privacy Principles: keep personal information no longer than needed).
// Ad click ids and full IP addresses help for a few weeks (an ad platform takes conversions for
// 90 days at most); after that they are removed or truncated, everywhere they are kept. The rows
// stay: the business's own reports (source, medium, campaign, family) are not personal data.

/** How long click ids and whole IP addresses are kept. */
export const minimisationDays = 90;
const dayMs = 24 * 60 * 60 * 1000;

export interface MinimisationResult {
  utmCaptures: number;
  leads: number;
  activities: number;
  sessions: number;
  journeys: number;
}

async function count(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(statement)) as { rows?: unknown[]; affectedRows?: number };
  return result.rows?.length ?? 0;
}

/** Removes click ids and truncates addresses of everything older than 90 days before `now`. */
export async function minimisePersonalData(db: Db, now: Date): Promise<MinimisationResult> {
  const cutoff = new Date(now.getTime() - minimisationDays * dayMs);
  const ip = sql.raw('ip_address');
  const page = sql.raw('page_url');
  const landing = sql.raw('landing_page');
  return db.transaction(async (tx) => ({
    utmCaptures: await count(
      tx,
      sql`update utm_captures set gclid = null, gbraidid = null, wbraid = null, fbclid = null,
            gad_source = null, gad_campaignid = null,
            page_url = ${withoutClickIds(page)}, ip_address = ${truncatedIp(ip)}
          where created_at < ${cutoff}
            and (coalesce(gclid, gbraidid, wbraid, fbclid, gad_source, gad_campaignid) is not null
              or ${hasClickIdIn(page)} or ip_address is distinct from ${truncatedIp(ip)})
          returning id`,
    ),
    leads: await minimiseLeads(tx, cutoff),
    activities: await count(
      tx,
      sql`update activities set page_url = ${withoutClickIds(page)}, ip_address = ${truncatedIp(ip)}
          where timestamp < ${cutoff}
            and (${hasClickIdIn(page)} or ip_address is distinct from ${truncatedIp(ip)})
          returning id`,
    ),
    sessions: await dropSessionClickIds(tx, cutoff),
    journeys: await count(
      tx,
      sql`update journeys set landing_page = ${withoutClickIds(landing)}
          where start_time < ${cutoff} and ${hasClickIdIn(landing)}
          returning id`,
    ),
  }));
}

/**
 * Runs the minimisation now and then once a day, in the worker process (several workers may run
 * it: every statement is idempotent). Failures are logged and tried again the next day.
 */
export function scheduleDataMinimisation(
  db: Db,
  now: () => Date,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  everyMs = dayMs,
) {
  const run = () =>
    minimisePersonalData(db, now()).then(
      (result) => log.info({ result }, 'personal data older than 90 days minimised'),
      (err: unknown) => log.error({ err }, 'data minimisation failed'),
    );
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
