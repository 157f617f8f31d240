import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CustomerInput } from '#shared/contact/contact.contract.ts';
import { weekdayKeys, type WeeklyHours } from '#shared/booking/consultant.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import type { Env } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { consultants, leads, settings } from '#server/db/schema/index.ts';
import { completeContactStep } from './flows';
import { createStaff } from './staff';
import { createTestApp, type TestApp } from './test-app';

// Helpers of the availability, holds, bookings and manage API tests: a frozen clock, a session
// that is ready to book, and holds and bookings through the API.

/** Monday 23 November 2026, 09:00 in Melbourne (AEDT, +11:00): a plain working day. */
export const monday9 = new Date('2026-11-23T09:00:00+11:00');
/** A slot start on a November 2026 date (Melbourne is on +11:00 all month). */
export const at = (date: string, time: string) => `${date}T${time}:00+11:00`;

export interface BookingTestApp extends TestApp {
  /** The app's clock: set `clock.now` to move time. */
  clock: { now: Date };
  /** The install's first admin: staff notices go to this address until the business is confirmed. */
  owner: { email: string };
  advance(minutes: number): void;
}

/** A test app whose clock is frozen at `now` (the public write limit lifted unless given). */
export async function createBookingTestApp(
  env: Env = {},
  now: Date = monday9,
): Promise<BookingTestApp> {
  const fullEnv = { RATE_LIMIT_PUBLIC_MAX: '1000000', ...env };
  const clock = { now };
  const { app, database, close } = await createTestApp(fullEnv, { now: () => clock.now });
  // as after the README's first run: an admin made with `npm run staff`, business not confirmed
  const owner = await createStaff(database.db, { role: 'admin', displayName: 'Owner' });
  return {
    app,
    database,
    clock,
    owner: { email: owner.email },
    advance(minutes) {
      clock.now = new Date(clock.now.getTime() + minutes * 60_000);
    },
    close,
  };
}

/**
 * A booking test app made before the describe's tests and closed after them; `ready` receives it.
 * With `resetGrid`, the slot length and the first slot are back at their defaults after each
 * test (the tests of a grid change).
 */
export function useBookingApp(
  ready: (t: BookingTestApp) => void,
  { env, resetGrid = false }: { env?: Env; resetGrid?: boolean } = {},
) {
  let t: BookingTestApp | undefined;
  beforeAll(async () => {
    t = await createBookingTestApp(env);
    ready(t);
  });
  afterAll(() => t?.close());
  if (resetGrid) {
    afterEach(async () => {
      if (!t) return;
      await setSetting(t.database.db, 'slot_minutes', settingDefaults.slot_minutes);
      await setSetting(t.database.db, 'first_slot', settingDefaults.first_slot);
    });
  }
}

export async function setSetting(db: Db, key: string, value: unknown) {
  await db.update(settings).set({ value }).where(eq(settings.key, key));
}

/**
 * The consultants, replacing all there are: each does both services and works every hour of every
 * day, so the booking rules alone shape their slots (as the booking staff of the settings did).
 */
export async function setStaff(db: Db, members: { id: string; name: string }[]) {
  const allDay = [{ start: '00:00', end: '24:00' }];
  const weeklyHours = Object.fromEntries(weekdayKeys.map((day) => [day, allDay])) as WeeklyHours;
  await db.delete(consultants);
  if (members.length) {
    await db.insert(consultants).values(members.map((m) => ({ ...m, weeklyHours })));
  }
}

export const staffOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `staff-${i + 1}`, name: `Consultant ${i + 1}` }));

const panes = (count: number) =>
  Array.from({ length: count }, () => ({ length: 1000, width: 1000, sqm: 1 }));

/** Contact, Details and Estimate through the API: a session whose lead can book. */
export async function readyToBook(
  app: FastifyInstance,
  options: { glassCount?: number; promoCode?: string; customer?: Partial<CustomerInput> } = {},
) {
  const ids = await completeContactStep(app, options.customer);
  const glassCount = options.glassCount ?? 5;
  const details = { glassCount, painPoint: 'uv-privacy', measurements: panes(glassCount) };
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/sessions/${ids.sessionId}/details`,
    payload: details,
  });
  if (saved.statusCode !== 200) throw new Error(`details: ${saved.statusCode} ${saved.body}`);
  const estimate = await app.inject({
    method: 'POST',
    url: '/api/estimates',
    payload: { sessionId: ids.sessionId, ...details, promoCode: options.promoCode },
  });
  if (estimate.statusCode !== 200) throw new Error(`estimate: ${estimate.statusCode}`);
  return { ...ids, totalCents: estimate.json().estimate.totalCents as number };
}

/** Sessions with a lead straight in the database (for tests that need many). */
export async function insertLeads(db: Db, count: number, glassCount = 5) {
  const sessionIds = Array.from({ length: count }, () => randomUUID());
  await db.insert(leads).values(
    sessionIds.map((sessionId) => ({
      sessionId,
      stage: 'estimate',
      data: { details: { glassCount, measurements: panes(glassCount) }, estimatedPrice: 23800 },
    })),
  );
  return sessionIds;
}

export function hold(app: FastifyInstance, sessionId: string, startTime: string, staffId?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/holds',
    payload: { sessionId, startTime, ...(staffId && { staffId }) },
  });
}

export function book(
  app: FastifyInstance,
  payload: { sessionId: string; reservationId: string } & Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: { serviceType: 'phone', idempotencyKey: randomUUID(), ...payload },
  });
}

/** Holds `startTime` and books it: the created booking and its manage token. */
export async function holdAndBook(
  app: FastifyInstance,
  sessionId: string,
  startTime: string,
  extra: Record<string, unknown> = {},
) {
  const held = await hold(app, sessionId, startTime);
  if (held.statusCode !== 201) throw new Error(`hold: ${held.statusCode} ${held.body}`);
  const res = await book(app, { sessionId, reservationId: held.json().reservationId, ...extra });
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  return res.json() as {
    booking: { id: string; timeSlot: { startTime: string } } & object;
    manageToken: string;
  };
}

/** The slots of one date from GET /api/availability, as "staffId@HH:mm" → available. */
export async function slotsOn(app: FastifyInstance, date: string, sessionId?: string) {
  const query = new URLSearchParams({ from: date, to: date, ...(sessionId && { sessionId }) });
  const res = await app.inject({ method: 'GET', url: `/api/availability?${query}` });
  if (res.statusCode !== 200) throw new Error(`availability: ${res.statusCode} ${res.body}`);
  const slots = (res.json().days[0]?.slots ?? []) as {
    staffId: string;
    startTime: string;
    available: boolean;
  }[];
  return new Map(slots.map((s) => [`${s.staffId}@${s.startTime.slice(11, 16)}`, s.available]));
}
