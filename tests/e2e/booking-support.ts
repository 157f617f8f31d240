import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { completeContact, estimateHeading, fillDetails, submitDetails } from './estimate-support';
import { readStored, storageKeys } from './browser-storage';
import type { Scope } from './support';

// Helpers of the Booking, Confirmation and Reschedule specs. Tests take their days and times
// from what the page (or the API) offers, never a hard-coded date; they pick a random free time
// so parallel tests rarely want the same one.

export interface ClockOptions {
  /**
   * The instant the project's server started at (its CLOCK_START; see playwright.config.ts), or
   * undefined for a server on the real clock.
   */
  clockStart: string | undefined;
}

/** The server's current instant: its clock started at clockStart and has run for its uptime. */
async function serverNow(request: APIRequestContext, clockStart: string | undefined) {
  if (!clockStart) return Date.now();
  const health = await request.get('/health');
  expect(health.status()).toBe(200);
  const { uptimeSeconds } = (await health.json()) as { uptimeSeconds: number };
  return Date.parse(clockStart) + uptimeSeconds * 1000;
}

/**
 * The test of the booking specs that run at fixed instants: the page's clock is installed at
 * the server's instant (to about a second) and runs on in real time, as the server's does, so
 * the page and the server agree on the day. Tests move the page's clock with page.clock.
 */
export const test = base.extend<ClockOptions>({
  clockStart: [undefined, { option: true }],
  page: async ({ page, clockStart }, use) => {
    await page.clock.install({ time: await serverNow(page.request, clockStart) });
    await use(page);
  },
});

export const slotTaken = 'That time has just been taken. Please choose another.';
export const melbourne = 'Australia/Melbourne';

export const bookingHeading = (page: Scope) =>
  page.getByRole('heading', { level: 1, name: 'Choose a Time' });
export const calendar = (page: Scope) => page.getByRole('grid', { name: 'Choose a day' });
export const selectedDay = (page: Scope) => calendar(page).getByRole('button', { pressed: true });
export const slotGroup = (page: Scope) => page.getByRole('group', { name: /^Times on / });
/** Times that can be picked: not taken, not already held by this page. */
export const freeSlots = (page: Scope) =>
  slotGroup(page).getByRole('button', { disabled: false, pressed: false });
export const confirmBooking = (page: Scope) =>
  page.getByRole('button', { name: 'Confirm Booking' });

export interface HeldSlot {
  reservationId: string;
  startTime: string;
  endTime: string;
}

/** Melbourne wall-clock text, worked out here independently of the app's own formatting. */
export function melbourneRange(start: string, end: string): string {
  const day = new Intl.DateTimeFormat('en-AU', {
    timeZone: melbourne,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(start));
  const time = (iso: string) => {
    const parts = new Intl.DateTimeFormat('en-AU', {
      timeZone: melbourne,
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    }).formatToParts(new Date(iso));
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${get('hour')}:${get('minute')} ${get('dayPeriod').toLowerCase()}`;
  };
  return `${day}, ${time(start)} – ${time(end)}`;
}

/** 2026-11-24T22:00:00Z → 20261124T220000Z */
export const icsUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The Melbourne date ("2026-11-25") of an instant. */
export const melbourneDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: melbourne }).format(new Date(iso));

/** Contact, Details (panes of 1 m²), no files and the Estimate, all through the pages. */
export async function walkToBooking(
  page: Page,
  // an estimate: a consultation has no estimate screen (issue 15 item 1)
  { panes = 5, option = 'Get an Estimate' as const } = {},
): Promise<void> {
  await completeContact(page, option);
  await fillDetails(page, { panes, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
  await expect(page.getByText(/inc\. GST/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Booking' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(bookingHeading(page)).toBeVisible();
}

export async function calendarReady(page: Scope): Promise<void> {
  await expect(selectedDay(page)).toBeVisible();
  await expect(slotGroup(page)).toBeVisible();
}

const isHoldRequest = (r: Response) =>
  r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/holds';

/**
 * Holds a time and waits for the hold: the given button, or a random free time on a random open
 * day. Parallel tests share the server, so a random pick that loses a race (409) tries again.
 */
export async function holdSlot(
  page: Page,
  button?: Locator,
  /** Where the calendar is: the page, or the booking frame on a host page. */
  scope: Scope = page,
): Promise<HeldSlot> {
  await calendarReady(scope);
  for (let attempt = 0; attempt < 5; attempt++) {
    let target = button;
    if (!target) {
      const days = calendar(scope).getByRole('button', { disabled: false });
      await days.nth(Math.floor(Math.random() * (await days.count()))).click();
      const count = await freeSlots(scope).count();
      if (count === 0) continue;
      target = freeSlots(scope).nth(Math.floor(Math.random() * count));
    }
    const answer = page.waitForResponse(isHoldRequest);
    await target.click();
    const response = await answer;
    if (response.status() === 409 && !button) {
      await expect(scope.getByRole('alert').filter({ hasText: slotTaken })).toBeVisible();
      continue;
    }
    expect(response.status()).toBe(201);
    const hold = (await response.json()) as HeldSlot;
    await expect(scope.getByText('We are holding')).toBeVisible();
    return hold;
  }
  throw new Error('No free time could be held');
}

/** On /confirmation, showing the booked time. */
export async function expectConfirmed(page: Page, slot: { startTime: string; endTime: string }) {
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  await expect(page.getByText(melbourneRange(slot.startTime, slot.endTime))).toBeVisible();
}

/** The button of a time on the calendar's chosen day, by its Melbourne start. */
export async function slotButton(page: Page, startTime: string): Promise<Locator> {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: melbourne,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(startTime));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const label = `${get('hour')}:${get('minute')} ${get('dayPeriod').toLowerCase()}`;
  return slotGroup(page).getByRole('button', { name: new RegExp(`^${label}`) });
}

/** Shows a date on the calendar (the day must be open). */
export async function showDay(page: Page, date: string): Promise<void> {
  const button = page.locator(`#day-${date}`);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

export async function sessionIdOf(page: Page): Promise<string> {
  const id = await readStored(page, storageKeys.sessionId);
  expect(id).toBeTruthy();
  return id!;
}

interface Slot {
  startTime: string;
  endTime: string;
  available: boolean;
}

/** A free time from the API, random across the horizon. */
export async function freeTimeFromApi(request: APIRequestContext): Promise<Slot> {
  const res = await request.get('/api/availability');
  expect(res.status()).toBe(200);
  const { days } = (await res.json()) as { days: { slots: Slot[] }[] };
  const free = days.flatMap((day) => day.slots).filter((slot) => slot.available);
  expect(free.length).toBeGreaterThan(0);
  return free[Math.floor(Math.random() * free.length)]!;
}

/**
 * A booking made through the API as the pages would make it (Contact, Details, Estimate, hold,
 * book): for the specs about the manage link, which do not need to walk the steps again. The
 * customer's e-mail is random unless given (the confirmation goes to it).
 */
export async function bookThroughApi(
  request: APIRequestContext,
  glassCount = 5,
  email?: string,
  extra: { notes?: string; lastName?: string } = {},
) {
  const sessionId = randomUUID();
  const person = makeCustomerInput({
    sessionId,
    ...(email && { email }),
    ...(extra.lastName && { lastName: extra.lastName }),
  });
  const ok = async (res: Promise<{ status(): number; text(): Promise<string> }>) => {
    const answer = await res;
    expect(answer.status(), await answer.text()).toBeLessThan(300);
    return answer as unknown as { json(): Promise<Record<string, unknown>> };
  };
  const customer = await (await ok(request.post('/api/customers', { data: person }))).json();
  const customerId = (customer.customer as { id: string }).id;
  await ok(request.patch(`/api/sessions/${sessionId}/link-customer`, { data: { customerId } }));
  // the lead's contact details are the customer's, as the Contact step sends them
  const lead = makeLeadInput({ sessionId, customerId });
  const contactFormData = { ...lead.contactFormData, email: person.email };
  await ok(request.post('/api/leads', { data: { ...lead, contactFormData } }));
  const details = {
    glassCount,
    painPoint: 'uv-privacy',
    measurements: [{ length: 1000, width: 1000, sqm: 1 }],
  };
  await ok(request.put(`/api/sessions/${sessionId}/details`, { data: details }));
  await ok(request.post('/api/estimates', { data: { sessionId, ...details } }));
  for (let attempt = 0; ; attempt++) {
    const slot = await freeTimeFromApi(request);
    const held = await request.post('/api/holds', {
      data: { sessionId, startTime: slot.startTime },
    });
    if (held.status() === 409 && attempt < 5) continue; // another test got there first
    expect(held.status()).toBe(201);
    const { reservationId } = (await held.json()) as { reservationId: string };
    const booked = await (
      await ok(
        request.post('/api/bookings', {
          data: {
            sessionId,
            reservationId,
            serviceType: 'phone',
            idempotencyKey: randomUUID(),
            ...(extra.notes && { notes: extra.notes }),
          },
        }),
      )
    ).json();
    return {
      sessionId,
      manageToken: booked.manageToken as string,
      booking: booked.booking as { id: string; timeSlot: Slot },
    };
  }
}

/** This browser's settings say the calendar view is off (issue 15 item 16): the server's stay. */
export async function turnCalendarViewOff(page: Page): Promise<void> {
  await page.route('**/api/settings', async (route) => {
    const response = await route.fetch();
    const settings = await response.json();
    settings.toggles = { ...settings.toggles, calendar_view_enabled: false };
    await route.fulfill({ response, json: settings });
  });
}
