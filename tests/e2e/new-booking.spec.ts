import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import { staffState } from './staff-support';

// /schedule/new (issue 28): staff book a customer who phones in, at a time the booking page would
// offer their address, and find the booking on the schedule and the lead.
test.use({ storageState: staffState });

test('a phone-in booking: details, address, type, time, then the lead @phone', async ({
  page,
}, testInfo) => {
  const lastName = `Rang${randomUUID().slice(0, 6)}`;
  await page.goto('/schedule');
  await page.getByRole('link', { name: 'New booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeFocused();

  // nothing filled in: the summary names what is missing and takes focus
  await page.getByRole('button', { name: 'Book' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'First name is required' });
  await expect(summary).toBeFocused();

  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Phone number').fill('0412 345 678');
  await page.getByLabel("Find the customer's address").fill('12 Smith Street, Fitzroy');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('list', { name: 'Address results' }).getByRole('button').first().click();
  await expect(page.getByText('Address chosen.')).toBeVisible();

  // onsite: the times for this address, then back to a phone call
  await page.getByRole('radio', { name: 'Onsite consultation' }).check();
  await expect(page.getByRole('combobox', { name: 'Time' })).toBeVisible();
  await page.getByRole('radio', { name: 'Phone consultation' }).check();
  const time = page.getByRole('combobox', { name: 'Time' });
  await expect(time).toBeVisible();
  // a day of its own for each project running at once (other tests book the first days)
  const days = page.getByRole('combobox', { name: 'Day' });
  const count = await days.locator('option').count();
  const last = count - 1 - (testInfo.project.name === 'phone' ? 1 : 0);
  await days.selectOption({ index: Math.max(last, 0) });
  const chosen = await time.locator('option').first().textContent();
  await page.getByLabel('Notes').fill('Rang about the sunroom');
  await expectNoViolationsInBothThemes(page);

  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText('Booked. The customer is sent the confirmation.')).toBeVisible();
  await expect(page.getByText(new RegExp(`^Booked .*${chosen}`))).toBeVisible();
  await page.getByRole('link', { name: 'Open the lead' }).click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Sam ${lastName}`).first()).toBeVisible();
});
