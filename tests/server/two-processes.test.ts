import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess } from '#tests/helpers/server-process.ts';

// The scale path of ARCHITECTURE.md (ADR 024): two app processes on one PostgreSQL database with
// REDIS_URL set share one rate limit, keep holds and bookings exclusive, and drop each other's
// cached calendars. PostgreSQL only: PGlite is one process's embedded database.
const redisUrl = 'redis://127.0.0.1:6379';
const limit = 4;

type Slot = { id: string; staffId: string; startTime: string; available: boolean };
type Calendar = { days: { slots: Slot[] }[] };

describe.runIf(inject('dbDriver') === 'postgres')('two app processes on one database', () => {
  const adminUrl = inject('postgresUrl') ?? '';
  const name = `tintbook_two_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let pool: pg.Pool;
  let dataDir: string;
  const processes: ReturnType<typeof startServerProcess>[] = [];
  let a = '';
  let b = '';

  beforeAll(async () => {
    const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    await admin(`CREATE DATABASE ${name}`);
    dataDir = await mkdtemp(join(tmpdir(), 'tintbook-two-'));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      // this run's own counters: nothing left by another run (or another test) counts here
      REDIS_KEY_PREFIX: `tintbook-test-${randomUUID()}:`,
      RATE_LIMIT_PUBLIC_MAX: String(limit),
      // each request names its client, so the races below are not refused by the limit
      TRUST_PROXY: '127.0.0.1',
    };
    const start = async () => {
      const started = startServerProcess(env);
      processes.push(started);
      return started.ready;
    };
    // one after the other: the first runs the migrations
    a = baseOf(await start());
    b = baseOf(await start());
    pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    for (const p of processes) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  let client = 0;
  const nextClient = () => `198.51.100.${(client += 1)}`;
  const get = (base: string, path: string, from = nextClient()) =>
    fetch(`${base}${path}`, { headers: { 'x-forwarded-for': from } });
  const post = (base: string, path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
      body: JSON.stringify(body),
    });
  const calendar = async (base: string) =>
    (await (await get(base, '/api/availability')).json()) as Calendar;
  const freeSlots = async (base: string) =>
    (await calendar(base)).days.flatMap((d) => d.slots.filter((s) => s.available));
  /** Sessions with a lead ready to book, as the Contact, Details and Estimate steps leave them. */
  const sessionsWithLeads = async (count: number) => {
    const sessions = Array.from({ length: count }, () => randomUUID());
    for (const sessionId of sessions) {
      await pool.query(`insert into leads (session_id, stage, data) values ($1, 'estimate', $2)`, [
        sessionId,
        { details: { glassCount: 5, measurements: [] }, estimatedPrice: 23800 },
      ]);
    }
    return sessions;
  };

  it('counts one rate limit across both processes, each budget apart', async () => {
    const caller = '203.0.113.7';
    const codes = [];
    for (let i = 0; i < limit + 2; i += 1) {
      codes.push((await get(i % 2 ? b : a, '/api/availability', caller)).status);
    }
    expect(codes).toEqual([...Array(limit).fill(200), 429, 429]);
    // the public forms count their own budget: the calendar's is spent, theirs is not
    const hold = await fetch(`${b}/api/holds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': caller },
      body: JSON.stringify({ sessionId: randomUUID(), startTime: 'not-a-time' }),
    });
    expect(hold.status).toBe(400);
  });

  it('gives a slot raced for through both processes to one session, and books it once', async () => {
    const [slot] = await freeSlots(a);
    if (!slot) throw new Error('no free slot in the horizon');
    const sessions = await sessionsWithLeads(10);
    const holds = await Promise.all(
      sessions.map((sessionId, i) =>
        post(i % 2 ? b : a, '/api/holds', {
          sessionId,
          staffId: slot.staffId,
          startTime: slot.startTime,
        }),
      ),
    );
    const statuses = holds.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const winner = holds.findIndex((r) => r.status === 201);
    const { reservationId } = (await holds[winner]?.json()) as { reservationId: string };
    const booking = { sessionId: sessions[winner], reservationId, serviceType: 'phone' };
    const bookings = await Promise.all(
      [a, b].map((base) =>
        post(base, '/api/bookings', { ...booking, idempotencyKey: randomUUID() }),
      ),
    );
    expect(bookings.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await pool.query('select count(*)::int as n from bookings where start_time = $1', [
      new Date(slot.startTime),
    ]);
    expect(rows.rows[0].n).toBe(1);
  });

  it("drops the other process's cached calendar: a slot held through A leaves B within 1 s", async () => {
    const [slot] = await freeSlots(b); // B's calendar is now cached with the slot free
    if (!slot) throw new Error('no free slot in the horizon');
    const [sessionId] = await sessionsWithLeads(1);
    const held = await post(a, '/api/holds', {
      sessionId,
      staffId: slot.staffId,
      startTime: slot.startTime,
    });
    expect(held.status).toBe(201);
    const heldAt = performance.now();
    let shownFree = true;
    while (shownFree && performance.now() - heldAt < 5000) {
      const days = (await calendar(b)).days;
      shownFree = days.some((d) => d.slots.some((s) => s.id === slot.id && s.available));
    }
    expect(shownFree).toBe(false);
    expect(performance.now() - heldAt).toBeLessThan(1000);
  });
});

/** The address a started process listens on, from its ready line (PORT=0: the system's choice). */
function baseOf(ready: string): string {
  return `http://127.0.0.1:${new URL(ready).port}`;
}
