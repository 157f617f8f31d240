import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBlankDatabase, type BlankDatabase } from '#tests/helpers/blank-database.ts';

// ADR 038: a write adds to today's roll-up row of its connection's shard, so transactions on two
// connections stop queueing on one row of the day from their trigger to their COMMIT. A visit (a
// new session) is the simplest counted write: its trigger adds one to dashboard_visit_days.
describe.runIf(inject('dbDriver') === 'postgres')('striped roll-ups on PostgreSQL', () => {
  let database: BlankDatabase;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    database = await openBlankDatabase();
    await database.migrate();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database.close();
  });

  async function connect() {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    return client;
  }
  const shardOf = async (client: pg.Client) =>
    (await client.query<{ shard: number }>('select dashboard_shard() as shard')).rows[0]!.shard;

  /** Two connections of different shards (a shard is the backend's pid modulo 16). */
  async function connectionsOfTwoShards() {
    const first = await connect();
    const shard = await shardOf(first);
    for (let tries = 0; tries < 32; tries++) {
      const other = await connect();
      if ((await shardOf(other)) !== shard) return [first, other] as const;
    }
    throw new Error('every connection had the same shard');
  }

  const visit = 'insert into sessions (id, last_activity) values ($1, now())';
  const visitors = async (client: pg.Client) =>
    (
      await client.query<{ visitors: number; rows: number }>(
        'select sum(visitors)::int as visitors, count(*)::int as rows from dashboard_visit_days',
      )
    ).rows[0];

  it('lets a visit commit while another connection’s visit of the same day is uncommitted, and sums the shards', async () => {
    const [first, second] = await connectionsOfTwoShards();
    const firstVisit = randomUUID();
    await first.query('begin');
    await first.query(visit, [firstVisit]);
    // one row a day would make this insert wait for the first transaction: fail instead of hang
    await second.query('begin');
    await second.query("set local lock_timeout = '5s'");
    await second.query(visit, [randomUUID()]);
    await second.query('commit');
    await first.query('commit');
    expect(await visitors(first)).toEqual({ visitors: 2, rows: 2 });

    // a visit counted in one shard and removed through another: the sum is what counts
    await second.query('delete from sessions where id = $1', [firstVisit]);
    expect((await visitors(first))?.visitors).toBe(1);
  });
});
