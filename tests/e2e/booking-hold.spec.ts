import { expect, type Page } from '@playwright/test';
import {
  bookingHeading,
  calendarReady,
  holdSlot,
  melbourneDate,
  type HeldSlot,
  test,
} from './booking-support';
import { completeContact } from './estimate-support';

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
