import { expect, test, type Browser } from '@playwright/test';
import { errorCodes } from '#shared/api/error.ts';
import { promoMessages } from '#shared/pricing/promo.ts';
import {
  calendarReady,
  confirmBooking,
  expectConfirmed,
  holdSlot,
  melbourneDate,
  showDay,
  slotButton,
  slotTaken,
  walkToBooking,
} from './booking-support';
import { completeContact, estimateHeading } from './estimate-support';

const isHold = (r: { request(): { method(): string }; url(): string }) =>
  r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/holds';
const isBooking = (r: { method(): string; url(): string }) =>
  r.method() === 'POST' && new URL(r.url()).pathname === '/api/bookings';

async function customerOnBooking(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await completeContact(page, 'Book Consultation');
  await page.goto('/booking');
  await calendarReady(page);
  return { context, page };
}

test('two browsers race for one time: the second is told it has just been taken', async ({
  browser,
}) => {
  const [first, second] = await Promise.all([
    customerOnBooking(browser),
    customerOnBooking(browser),
  ]);
  try {
    // both pages show the calendar before either holds anything
    const won = await holdSlot(first.page);
    await showDay(second.page, melbourneDate(won.startTime));
    const button = await slotButton(second.page, won.startTime);
    await expect(button).toBeEnabled();

    const lost = second.page.waitForResponse(isHold);
    await button.click();
    expect((await lost).status()).toBe(409);
    const message = second.page.getByRole('alert').filter({ hasText: slotTaken });
    await expect(message).toBeFocused();
    // the calendar is fresh again: the time is taken there now
    await expect(button).toBeDisabled();
    await expect(second.page.getByText('We are holding')).toBeHidden();

    // the winner still has it, and books it
    await confirmBooking(first.page).click();
    await expectConfirmed(first.page, won);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('a 409 on confirming shows the message and refreshes the times', async ({ page }) => {
  await completeContact(page, 'Book Consultation');
  await page.goto('/booking');
  await holdSlot(page);
  await page.route('**/api/bookings', (route) =>
    route.fulfill({
      status: 409,
      json: { error: { code: errorCodes.slotTaken, message: slotTaken } },
    }),
  );
  const refreshed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/availability' && r.status() === 200,
  );
  await confirmBooking(page).click();
  const summary = page.getByRole('alert').filter({ hasText: 'We could not confirm your booking' });
  await expect(summary).toBeFocused();
  await refreshed;
  await expect(page.getByText('We are holding')).toBeHidden();
  await summary.getByRole('link', { name: slotTaken }).click();
  await expect(page.getByRole('group', { name: /^Times on / })).toBeFocused();
});

test('a promo code used up before confirming: the estimate is priced again without it', async ({
  page,
}) => {
  await walkToBooking(page);
  await holdSlot(page);
  // 5 panes: onsite is offered too (read from the saved estimate)
  await page.getByRole('radio', { name: /Phone consultation/ }).check();
  await page.route('**/api/bookings', (route) =>
    route.fulfill({
      status: 409,
      json: { error: { code: errorCodes.promoUsedUp, message: promoMessages.usedUp } },
    }),
  );
  await confirmBooking(page).click();
  const summary = page.getByRole('alert').filter({ hasText: 'We could not confirm your booking' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(promoMessages.usedUp);
  // the estimate seen a moment ago is not shown again: the server prices it afresh
  const repriced = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/estimates',
  );
  await summary.getByRole('link', { name: 'Back to your estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
  await repriced;
});

test('a retry after a lost answer sends the same idempotency key and gets the same booking', async ({
  page,
}) => {
  await completeContact(page, 'Book Consultation');
  await page.goto('/booking');
  const held = await holdSlot(page);
  // the server books, but its answer never reaches the browser
  const keys: string[] = [];
  await page.route(
    '**/api/bookings',
    async (route) => {
      keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      await route.abort('internetdisconnected');
    },
    { times: 1 },
  );
  await confirmBooking(page).click();
  await expect(page.getByRole('alert')).toContainText('Your booking cannot be confirmed right now');

  const retry = page.waitForRequest(isBooking);
  const replayed = page.waitForResponse((r) => isBooking(r.request()));
  await confirmBooking(page).click();
  expect((await retry).postDataJSON().idempotencyKey).toBe(keys[0]);
  // 200, not 201: the booking made the first time, not a second one
  expect((await replayed).status()).toBe(200);
  await expectConfirmed(page, held);
});
