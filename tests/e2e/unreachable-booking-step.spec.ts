import { expect } from '@playwright/test';
import { confirmBooking, expectConfirmed, holdSlot, test, walkToBooking } from './booking-support';

// Issue 14, spec §8: a booking needs the server to be sure the time is free, so it is not queued
// like the earlier steps: the customer is told so, keeps the choice and confirms again later.
// (The file name puts it in the booking projects, which run at fixed instants; like every test
// not tagged @every-clock, it runs at the first instant only: playwright.config.ts.)

test('with the server away, booking says it cannot be confirmed now, keeps the time and confirms on retry', async ({
  page,
}) => {
  await walkToBooking(page);
  // 5 panes: an onsite visit is offered, and one of the two must be chosen
  await page.getByRole('radio', { name: /Onsite consultation/ }).check();
  const held = await holdSlot(page);

  await page.route('**/api/bookings', (route) => route.abort('connectionrefused'));
  await confirmBooking(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'cannot be confirmed right now' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Your choice is kept');
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByText('We are holding')).toBeVisible();

  // a 5xx is the same: not booked, nothing lost
  await page.unroute('**/api/bookings');
  await page.route('**/api/bookings', (route) => route.fulfill({ status: 503, body: '' }));
  await confirmBooking(page).click();
  await expect(alert).toBeVisible();

  // back: the same press books the time that was kept
  await page.unroute('**/api/bookings');
  await confirmBooking(page).click();
  await expectConfirmed(page, held);
});
