import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '#shared/api/error.ts';
import type { Availability, Booking, Hold } from '#shared/booking/booking.contract.ts';
import type { Customer } from '#shared/contact/contact.contract.ts';
import type { EstimateResponse } from '#shared/estimate/estimate.contract.ts';
import type { DashboardResponse } from '#shared/dashboard/dashboard.contract.ts';
import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { demoRequest } from './demo-api';
import { keepDemoIn, type DemoData, type DemoKeeper } from './demo-store';

// The static demo's in-browser API (ADR 026) as the web app calls it, on a store kept in memory
// (the same record the browser keeps in IndexedDB; the Playwright demo suite runs it there).

// a Monday morning in Melbourne: the calendar has the same open times on every run
const monday = new Date('2026-11-23T09:00:00+11:00');

function memoryKeeper(): DemoKeeper & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => Promise.resolve(values.get(key) as T | undefined),
    set: (key, value) => Promise.resolve(void values.set(key, structuredClone(value))),
    del: (key) => Promise.resolve(void values.delete(key)),
  };
}

let keeper: ReturnType<typeof memoryKeeper>;

beforeEach(() => {
  vi.useFakeTimers({ now: monday });
  keeper = memoryKeeper();
  keepDemoIn(keeper);
});
afterEach(() => vi.useRealTimers());

/** One call as api-client.ts makes it, answered once the simulated latency has passed. */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = demoRequest(path, method, body);
  // seen by the test even when it rejects before the clock is advanced
  answer.catch(() => undefined);
  await vi.advanceTimersByTimeAsync(100);
  return (await answer) as T;
}

async function refusal(method: string, path: string, body?: unknown) {
  try {
    await call(method, path, body);
  } catch (error) {
    return error;
  }
  throw new Error(`${method} ${path} was answered`);
}

const sessionId = '7f0c2a52-3a8d-4c0b-9d6e-0b8f6d1f2a10';
const contact = {
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'Jane@Example.com',
  phone: '0412 345 678',
  address: '12 Smith Street, Fitzroy VIC 3065',
};

describe('the demo api', () => {
  it('answers an unknown route with the one 4xx error shape', async () => {
    const error = await refusal('GET', '/api/no-such-thing');
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 403,
      code: errorCodes.forbidden,
      message: 'The demo shows the data kept in this browser only.',
      fields: {},
    });
    // a promo code is unknown, as on a server that has none
    expect(await refusal('GET', '/api/promo-codes/SUMMER')).toMatchObject({
      status: 404,
      code: errorCodes.notFound,
    });
    // a body the route's own contract refuses: 400 with the field's message
    expect(await refusal('POST', '/api/customers', { ...contact, email: 'nope' })).toMatchObject({
      status: 400,
      code: errorCodes.validation,
      fields: { email: expect.any(String) },
    });
  });

  it('answers after the simulated 100 ms, not before', async () => {
    let answered = false;
    const answer = demoRequest('/api/booking-options', 'GET', undefined).then(() => {
      answered = true;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await answer;
    expect(answered).toBe(true);
  });

  it("books as 'pending' for a 'new' lead from 'website', the customer matched by e-mail", async () => {
    const { customer } = await call<{ customer: Customer }>('POST', '/api/customers', contact);
    const again = await call<{ customer: Customer }>('POST', '/api/customers', {
      ...contact,
      email: 'jane@example.com',
      phone: '0498 765 432',
    });
    expect(again.customer.id).toBe(customer.id);
    expect(again.customer.phone).toBe('+61498765432');

    const { lead } = await call<{ lead: { id: string; status: string; source: string } }>(
      'POST',
      '/api/leads',
      {
        sessionId,
        customerId: customer.id,
        bookingOption: 'consultation',
        contactFormData: contact,
      },
    );
    expect(lead).toMatchObject({ status: 'new', source: 'website' });

    const availability = await call<Availability>(
      'GET',
      `/api/availability?serviceType=phone&sessionId=${sessionId}`,
    );
    const slot = availability.days.flatMap((day) => day.slots).find((s) => s.available)!;
    const hold = await call<Hold>('POST', '/api/holds', { sessionId, startTime: slot.startTime });
    const { booking } = await call<{ booking: Booking }>('POST', '/api/bookings', {
      sessionId,
      reservationId: hold.reservationId,
      serviceType: 'phone',
      idempotencyKey: 'demo-test-1',
    });
    expect(booking).toMatchObject({ status: 'pending', customerId: customer.id });

    const detail = await call<{ lead: LeadDetail }>('GET', `/api/leads/${lead.id}`);
    expect(detail.lead).toMatchObject({ status: 'new', source: 'website', stage: 'booked' });
    expect(detail.lead.bookings.map((b) => b.booking.id)).toEqual([booking.id]);
  });

  // issue 26 item 7 (ADR 044): the demo prices with the same function and its own setting
  it("prices a small job with the minimum job charge the demo's /settings keeps", async () => {
    const { customer } = await call<{ customer: Customer }>('POST', '/api/customers', contact);
    await call('POST', '/api/leads', {
      sessionId,
      customerId: customer.id,
      bookingOption: 'estimate',
      contactFormData: contact,
    });
    const estimate = (length: number, width: number) =>
      call<EstimateResponse>('POST', '/api/estimates', {
        sessionId,
        glassCount: 1,
        painPoint: 'uv-privacy',
        measurements: [{ length, width, sqm: (length * width) / 1e6 }],
      });
    const big = (await estimate(12_000, 2_400)).estimate;
    expect(big).toMatchObject({ tintCents: 129_600, minimumCharge: null, extraPanes: null });
    const tiny = (await estimate(1000, 1000)).estimate;
    expect(tiny).toMatchObject({
      tintCents: 27_000,
      minimumCharge: { threshold: 4, chargeCents: 27_000, topUpCents: 22_500 },
    });

    await call('PUT', '/api/admin/pricing', { minimumJobCharge: 20_000 });
    expect((await estimate(1000, 1000)).estimate.tintCents).toBe(20_000);
  });

  it("counts the dashboard's figures from the browser's own demo data", async () => {
    const at = (iso: string) => new Date(iso).toISOString();
    const lead = (id: string, createdAt: string, extra: Partial<DemoData['leads'][number]>) => ({
      id,
      customerId: 'c1',
      sessionId: `session-${id}`,
      source: 'website' as const,
      status: 'new' as const,
      stage: 'contact' as const,
      bookingOption: 'estimate',
      details: null,
      estimate: null,
      landingPage: null,
      referrer: null,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
      ...extra,
    });
    const estimate = (totalCents: number) =>
      ({ totalCents, computedAt: monday.toISOString() }) as DemoData['leads'][number]['estimate'];
    const details = { painPoint: 'security' } as DemoData['leads'][number]['details'];
    const booking = {
      id: 'b1',
      leadId: 'l3',
      customerId: 'c1',
      sessionId: 'session-l3',
      staffId: 'staff-1',
      serviceType: 'onsite',
      startTime: '2026-11-24T10:00:00+11:00',
      endTime: '2026-11-24T10:30:00+11:00',
      status: 'pending' as const,
      notes: null,
      estimatedPrice: 30000,
      idempotencyKey: 'seeded-1',
      manageToken: 'token-1',
      history: [
        { action: 'booked' as const, at: at('2026-11-22T10:00:00+11:00'), from: null },
        {
          action: 'rescheduled' as const,
          at: at('2026-11-22T11:00:00+11:00'),
          from: '2026-11-23T15:00:00+11:00',
        },
      ],
      createdAt: at('2026-11-22T10:00:00+11:00'),
      updatedAt: at('2026-11-22T11:00:00+11:00'),
    };
    const seeded: Partial<DemoData> = {
      // four visits this week (one of them a lead's), one the week before
      visits: [
        { sessionId: 'session-l1', at: at('2026-11-20T09:00:00+11:00') },
        { sessionId: 'other-1', at: at('2026-11-21T09:00:00+11:00') },
        { sessionId: 'other-2', at: at('2026-11-21T10:00:00+11:00') },
        { sessionId: 'old', at: at('2026-11-10T10:00:00+11:00') },
      ],
      leads: [
        // this week: one at contact, one priced, one priced and booked
        lead('l1', '2026-11-20T09:05:00+11:00', {}),
        lead('l2', '2026-11-21T12:00:00+11:00', { details, estimate: estimate(20000) }),
        lead('l3', '2026-11-22T09:30:00+11:00', { details, estimate: estimate(30000) }),
        // the week before
        lead('l0', '2026-11-12T09:30:00+11:00', {}),
      ],
      bookings: [booking],
    };
    keeper.values.set('data', seeded);

    const body = await call<DashboardResponse>('GET', '/api/dashboard');
    expect(body.range).toEqual({ from: '2026-11-17', to: '2026-11-23', days: 7 });
    expect(body.previousRange).toEqual({ from: '2026-11-10', to: '2026-11-16' });
    const counts = Object.fromEntries(body.funnel.steps.map((s) => [s.step, s.count]));
    expect(counts).toEqual({
      // the three visits and the two leads whose visit was not counted
      visitors: { current: 5, previous: 2 },
      contact: { current: 3, previous: 1 },
      details: { current: 2, previous: 0 },
      estimate: { current: 2, previous: 0 },
      booked: { current: 1, previous: 0 },
      won: { current: 0, previous: 0 },
    });
    expect(body.estimates.given).toMatchObject({
      count: 2,
      totalCents: { current: 50000, previous: 0 },
      averageCents: { current: 25000, previous: 0 },
    });
    expect(body.estimates.booked.totalCents.current).toBe(30000);
    expect(body.estimates.byConcern).toEqual([
      {
        painPoint: 'security',
        name: 'Security and Safety',
        count: 2,
        totalCents: 50000,
        averageCents: 25000,
      },
    ]);
    expect(body.bySource).toEqual([
      expect.objectContaining({ source: 'website', leads: { current: 3, previous: 1 } }),
    ]);
    expect(body.bookings.made).toEqual({ current: 1, previous: 0 });
    expect(body.bookings.onsite.current).toBe(1);
    expect(body.bookings.reschedules.current).toBe(1);
    expect(body.bookings.perDay.find((d) => d.date === '2026-11-22')).toEqual({
      date: '2026-11-22',
      leads: 1,
      bookings: 1,
    });
    // the 14 days of load from today: tomorrow's onsite visit takes one of its slots
    expect(body.bookings.load).toHaveLength(14);
    expect(body.bookings.load[1]).toMatchObject({ date: '2026-11-24', onsite: 1, taken: 1 });
    expect(body.speedToLead).toEqual({
      medianMs: { current: null, previous: null },
      actedOn: 0,
      waiting: 3,
    });
  });
});
