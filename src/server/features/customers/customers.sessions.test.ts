import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomerInput } from '#tests/factories.ts';
import {
  at,
  createBookingTestApp,
  holdAndBook,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import type { CustomerInput } from '#shared/contact/contact.contract.ts';
import { customers } from '#server/db/schema/index.ts';

// ADR 012: a contact submission changes only the customer record its own browser session made.
describe('POST /api/customers: each browser session owns its record', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());

  const post = (input: CustomerInput) =>
    t.app.inject({ method: 'POST', url: '/api/customers', payload: input });
  const recordsOf = (email: string) =>
    t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, email))
      .orderBy(asc(customers.createdAt), asc(customers.id));
  const newEmail = () => `known.${randomUUID().slice(0, 8)}@example.com`;

  it('gives another session with a known e-mail its own record, marked as a possible duplicate', async () => {
    const email = newEmail();
    const owner = await post(
      makeCustomerInput({
        email,
        firstName: 'Sam',
        phone: '0412 345 678',
        sessionId: randomUUID(),
      }),
    );
    const other = await post(
      makeCustomerInput({
        email: email.toUpperCase(),
        firstName: 'Mallory',
        phone: '0499 999 999',
        sessionId: randomUUID(),
      }),
    );
    expect(other.statusCode).toBe(201);
    const ownerId = owner.json().customer.id;
    expect(other.json().customer.id).not.toBe(ownerId);
    const records = await recordsOf(email);
    expect(records.map((r) => [r.firstName, r.phone, r.possibleDuplicateOf])).toEqual([
      ['Sam', '+61412345678', null],
      ['Mallory', '+61499999999', ownerId],
    ]);
  });

  it('answers a known e-mail exactly as an unknown one: 201 with only what was sent', async () => {
    const email = newEmail();
    const phone = '0412 345 678';
    await post(makeCustomerInput({ email, firstName: 'Sam', sessionId: randomUUID() }));
    const unknown = await post(
      makeCustomerInput({ firstName: 'Kim', phone, sessionId: randomUUID() }),
    );
    const known = await post(
      makeCustomerInput({ email, firstName: 'Kim', phone, sessionId: randomUUID() }),
    );
    expect([unknown.statusCode, known.statusCode]).toEqual([201, 201]);
    const strip = ({
      id: _id,
      email: _email,
      createdAt,
      updatedAt,
      ...rest
    }: Record<string, unknown>) => ({ ...rest, fresh: createdAt === updatedAt });
    expect(strip(known.json().customer)).toEqual(strip(unknown.json().customer));
  });

  it('updates its own record when the same session sends again (the offline queue re-sends)', async () => {
    const sessionId = randomUUID();
    const email = newEmail();
    const first = await post(makeCustomerInput({ email, firstName: 'Sam', sessionId }));
    const again = await post(makeCustomerInput({ email, firstName: 'Samantha', sessionId }));
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().customer.id).toBe(first.json().customer.id);
    expect((await recordsOf(email)).map((r) => r.firstName)).toEqual(['Samantha']);
  });

  it('marks a session that changes to a known e-mail, and unmarks it when it changes back', async () => {
    const known = newEmail();
    const owner = await post(makeCustomerInput({ email: known, sessionId: randomUUID() }));
    const sessionId = randomUUID();
    const own = newEmail();
    const mine = await post(makeCustomerInput({ email: own, sessionId }));
    await post(makeCustomerInput({ email: known, sessionId }));
    expect((await recordsOf(known)).map((r) => r.possibleDuplicateOf)).toEqual([
      null,
      owner.json().customer.id,
    ]);
    await post(makeCustomerInput({ email: own, sessionId }));
    const [back] = await recordsOf(own);
    expect(back).toMatchObject({ id: mine.json().customer.id, possibleDuplicateOf: null });
  });

  it('marks all but one of ten sessions sending one new e-mail at once, each as a duplicate of that one', async () => {
    const email = newEmail();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(makeCustomerInput({ email, sessionId: randomUUID() }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const records = await recordsOf(email);
    const unmarked = records.filter((r) => r.possibleDuplicateOf === null);
    expect(unmarked).toHaveLength(1);
    expect(records.filter((r) => r.possibleDuplicateOf === unmarked[0]?.id)).toHaveLength(9);
  });

  it('makes a record of its own for each submission without a session id', async () => {
    const email = newEmail();
    await post(makeCustomerInput({ email }));
    await post(makeCustomerInput({ email }));
    const [first, second] = await recordsOf(email);
    expect(second?.possibleDuplicateOf).toBe(first?.id);
  });

  it("keeps the customer's name on their manage page when another session submits their e-mail", async () => {
    const ready = await readyToBook(t.app);
    const { manageToken } = await holdAndBook(t.app, ready.sessionId, at('2026-11-25', '10:00'));
    const [victim] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, ready.customerId));
    const attack = makeCustomerInput({
      email: victim?.email ?? '',
      firstName: 'Mallory',
      phone: '0499 999 999',
      address: '1 Evil Street, Kew VIC 3101',
      sessionId: randomUUID(),
    });
    expect((await post(attack)).statusCode).toBe(201);

    const page = await t.app.inject({ method: 'GET', url: `/api/manage/${manageToken}` });
    // the page is the booked customer's: neither the name nor the address is the attacker's
    expect(page.json().customer).toMatchObject({ firstName: 'Alex' });
    expect(JSON.stringify(page.json().customer)).not.toMatch(/Mallory|Evil Street/);
    const [after] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, ready.customerId));
    expect(after).toEqual(victim);
  });
});
