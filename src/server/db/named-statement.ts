import { createHash } from 'node:crypto';
import type { Db } from './client';

// ADR 038: the job queue's insert (message-queue.ts) runs as a named statement. On PostgreSQL, node-postgres then
// parses each once per connection and PostgreSQL plans it once (a generic plan after five runs)
// instead of parsing and planning it on every booking: about 0.8 ms of the server's CPU a booking,
// on the cores the app shares with it. PGlite ignores the name (one connection, nothing to gain).
// A name is the hash of the statement's text, so one name never stands for two texts.

/** Plain SQL with $1… parameters, run on `db` (a transaction or the pool) as a named statement. */
export async function executeNamedText(
  db: Db,
  text: string,
  params: unknown[] = [],
): Promise<{ rows: unknown[] }> {
  const name = `tintbook_${createHash('sha1').update(text).digest('base64url')}`;
  const query = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  return (await query.execute()) as { rows: unknown[] };
}
