import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import { bookThroughApi } from './booking-support';
import { staffState } from './staff-support';

// /schedule (issue 28): the team's day for staff, each appointment with the customer's name,
// mobile (tap to call), notes and a link to the lead.
test.use({ storageState: staffState });

/** A booking made as a customer would (a request context of its own, without the staff session). */
async function bookedDay(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
) {
  const lastName = `Sched${randomUUID().slice(0, 6)}`;
  const notes = `Gate code ${randomUUID().slice(0, 4)}`;
  const customer = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const { booking } = await bookThroughApi(customer, 5, undefined, { notes, lastName }).finally(
    () => customer.dispose(),
  );
  const date = booking.timeSlot.startTime.slice(0, 10);
  await page.goto(`/schedule?view=day&date=${date}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: `Alex ${lastName}` });
  return { item, notes, date };
}

test('a booking shows on its day with the customer, tap to call, notes and the lead @phone', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { item, notes } = await bookedDay(page, playwright, baseURL);
  await expect(item).toContainText('Phone call');
  await expect(item).toContainText(`Notes: ${notes}`);
  await expect(item.getByRole('link', { name: /^04\d\d \d{3} \d{3}$/ })).toHaveAttribute(
    'href',
    /^tel:\+614\d{8}$/,
  );
  await item.getByRole('link', { name: /Open the lead/ }).click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
});

test('the week view and the consultant filter, with no axe violations in either theme @phone', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { item, date } = await bookedDay(page, playwright, baseURL);
  await expect(item).toBeVisible();
  await page.getByRole('link', { name: 'Week' }).click();
  await expect(page).toHaveURL(new RegExp(`view=week&date=${date}`));
  await expect(item).toBeVisible();
  await page.getByRole('combobox', { name: 'Consultant' }).selectOption({ label: 'Consultant' });
  await expect(page).toHaveURL(/consultant=staff-1/);
  await expect(page.getByText(/^Free /).first()).toBeVisible();
  await expectNoViolationsInBothThemes(page);
});
