import { expect, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  bookingHeading,
  calendarReady,
  holdSlot,
  melbourneDate,
  melbourneRange,
  selectedDay,
  sessionIdOf,
  slotGroup,
  type HeldSlot,
  test,
} from './booking-support';
import { completeContact } from './estimate-support';

const holdExpired = 'Your hold on that time has expired. Please choose a time again.';

const holdRequest = (page: Page, method: string, hold: HeldSlot) =>
  page.waitForResponse(
    (r) =>
      r.request().method() === method &&
      new URL(r.url()).pathname === `/api/holds/${hold.reservationId}`,
  );

/** Whether anyone else could take that start now, as the public calendar says. */
async function freeForOthers(page: Page, hold: HeldSlot): Promise<boolean> {
  const date = melbourneDate(hold.startTime);
  const res = await page.request.get(`/api/availability?from=${date}&to=${date}`);
  const { days } = (await res.json()) as {
    days: { slots: { startTime: string; available: boolean }[] }[];
  };
  return days[0]!.slots.some(
    (slot) => Date.parse(slot.startTime) === Date.parse(hold.startTime) && slot.available,
  );
}

test('a hold is renewed while the page is open, replaced by another pick, and released on leaving', async ({
  page,
}) => {
  await completeContact(page, 'Book Consultation');
  await page.goto('/booking');
  await calendarReady(page);
  const first = await holdSlot(page);
  expect(await freeForOthers(page, first)).toBe(false);
  const renewed = holdRequest(page, 'PUT', first);
  // four minutes pass in a moment on the page's clock (installed by the test fixture)
  await page.clock.fastForward('04:01');
  expect((await renewed).status()).toBe(200);
  await expect(page.getByRole('timer')).toHaveText(/^(10:00|9:5\d)$/);

  // another time: the first one is free again at once
  const second = await holdSlot(page);
  expect(second.startTime).not.toBe(first.startTime);
  expect(await freeForOthers(page, first)).toBe(true);
  expect(await freeForOthers(page, second)).toBe(false);

  // leaving the page lets it go
  const released = holdRequest(page, 'DELETE', second);
  await page.getByRole('link', { name: 'Back' }).click();
  expect((await released).status()).toBe(204);
  await expect(bookingHeading(page)).toBeHidden();
  expect(await freeForOthers(page, second)).toBe(true);
});

test('a reload keeps the held day, time and countdown, and the hold stays on the server (issue 15 item 2)', async ({
  page,
}) => {
  test.slow();
  await completeContact(page, 'Book Consultation');
  await page.goto('/booking');
  await calendarReady(page);
  const held = await holdSlot(page);
  const heldTime = slotGroup(page).getByRole('button', { pressed: true });
  await expect(heldTime).toHaveCount(1);
  const timeLabel = (await heldTime.innerText()).trim();

  const reread = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/holds',
  );
  await page.reload();
  expect((await reread).status()).toBe(200);
  await expect(bookingHeading(page)).toBeVisible();
  // the held day is the one shown, its time pressed, with the countdown running
  await expect(page.getByText('We are holding')).toBeVisible();
  await expect(
    page.locator('strong', { hasText: melbourneRange(held.startTime, held.endTime) }),
  ).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^(10:00|9:\d\d)$/);
  await expect(selectedDay(page)).toHaveAttribute('id', `day-${melbourneDate(held.startTime)}`);
  await expect(slotGroup(page).getByRole('button', { pressed: true })).toHaveText(timeLabel);
  // the same hold, still kept from everyone else
  expect(await freeForOthers(page, held)).toBe(false);
  const renewed = holdRequest(page, 'PUT', held);
  await page.clock.fastForward('04:01');
  expect((await renewed).status()).toBe(200);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(
      scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expectNoViolations(page);
  }
});

test('a reload after the hold ran out says so calmly and holds nothing (issue 15 item 2)', async ({
  page,
}) => {
  await completeContact(page, 'Book Consultation');
  await page.goto('/booking');
  const held = await holdSlot(page);
  const sessionId = await sessionIdOf(page);
  // the hold runs out on the server a second from now (as a closed tab's hold does after its grace)
  const query = new URLSearchParams({ sessionId, afterSeconds: '1' });
  const shortened = await page.request.delete(`/api/holds/${held.reservationId}?${query}`);
  expect(shortened.status()).toBe(204);
  await expect
    .poll(async () => (await page.request.get(`/api/holds?sessionId=${sessionId}`)).json())
    .toEqual({ hold: null, expired: true });

  await page.reload();
  await calendarReady(page);
  await expect(page.getByRole('alert').filter({ hasText: holdExpired })).toBeVisible();
  await expect(page.getByText('We are holding')).toBeHidden();
  await expect(slotGroup(page).getByRole('button', { pressed: true })).toHaveCount(0);
  expect(await freeForOthers(page, held)).toBe(true);
});
