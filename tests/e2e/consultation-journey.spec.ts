import { expect } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import { bookingHeading, confirmBooking, expectConfirmed, holdSlot, test } from './booking-support';
import {
  completeContact,
  detailsContinue,
  estimateHeading,
  filesHeading,
  glassCount,
  paneField,
  uvPrivacy,
} from './estimate-support';

// Issue 15 item 1: 'Book Consultation' asks the concern and the pane count; the consultant
// measures, so no measurement is needed and there is no estimate screen.

const measurementsNote =
  'Measurements are optional for a consultation: your consultant measures every pane.';

test('a consultation walks from / to /confirmation with no measurement @phone', async ({
  page,
}) => {
  test.slow();
  const estimates: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/estimates') estimates.push(r.url());
  });
  await completeContact(page, 'Book Consultation');
  await expect(page.getByText(measurementsNote)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Measurements (optional)' })).toBeVisible();
  await page.getByRole('radio', { name: uvPrivacy }).check();
  await glassCount(page).fill('3');
  // no measurement rows unless the customer chooses to enter them (issue 26 item 19)
  await expect(page.getByRole('textbox', { name: 'Length (mm)' })).toHaveCount(0);

  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/sessions\/[^/]+\/details$/.test(r.url()),
  );
  await detailsContinue(page).click();
  expect((await saved).status()).toBe(200);
  await expect(filesHeading(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to Estimate' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue to Booking' }).click();

  await expect(page).toHaveURL(/\/booking$/);
  await expect(bookingHeading(page)).toBeVisible();
  // 3 panes, below the onsite threshold of 5: a phone consultation, and why
  await expect(page.getByRole('radio', { name: /Phone consultation/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Onsite consultation/ })).toHaveCount(0);
  await expect(page.getByText(/yours has 3 panes/)).toBeVisible();
  // Back goes to Files: there is no estimate screen
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/files');

  const slot = await holdSlot(page);
  await confirmBooking(page).click();
  await expectConfirmed(page, slot);
  await expect(page.getByText('Your phone consultation is booked.')).toBeVisible();
  expect(estimates).toEqual([]);
});

test('a consultation of many panes is offered onsite; /estimate leads on to /booking', async ({
  page,
}) => {
  await completeContact(page, 'Book Consultation');
  await page.getByRole('radio', { name: uvPrivacy }).check();
  await glassCount(page).fill('6');
  await detailsContinue(page).click();
  await expect(filesHeading(page)).toBeVisible();
  await page.goto('/estimate');
  await expect(page).toHaveURL(/\/booking$/);
  await expect(estimateHeading(page)).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Onsite consultation/ })).toBeVisible();
});

test('an estimate still needs a measurement (spec §5)', async ({ page }) => {
  await completeContact(page, 'Get an Estimate');
  await expect(page.getByText(measurementsNote)).toHaveCount(0);
  await page.getByRole('radio', { name: uvPrivacy }).check();
  await glassCount(page).fill('3');
  await detailsContinue(page).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following:' });
  await expect(
    summary.getByRole('link', { name: 'Pane 1: Length must be positive' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/measurement$/);
});

test("the consultation's Details and Files have no axe violations (light and dark)", async ({
  page,
}) => {
  await completeContact(page, 'Book Consultation');
  await expect(page.getByText(measurementsNote)).toBeVisible();
  await expectNoViolationsInBothThemes(page);
  await page.getByRole('radio', { name: uvPrivacy }).check();
  await glassCount(page).fill('2');
  await detailsContinue(page).click();
  await expect(filesHeading(page)).toBeVisible();
  await expectNoViolationsInBothThemes(page);
});

// Issue 26 item 19: 8 panes on the consultation path rendered 24 empty measurement inputs.
test('a consultation shows measurement rows only once the customer chooses to enter them @phone', async ({
  page,
}) => {
  await completeContact(page, 'Book Consultation');
  await page.getByRole('radio', { name: uvPrivacy }).check();
  await glassCount(page).fill('8');
  const measurements = page.getByRole('group', { name: 'Measurements (optional)' });
  await expect(measurements.getByText(measurementsNote, { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /\((mm|m²)\)$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a pane' })).toHaveCount(0);
  await expectNoViolationsInBothThemes(page);

  await measurements.getByRole('button', { name: 'Enter measurements' }).click();
  // a row per pane counted, the first one ready to type in
  await expect(paneField(page, 1, 'Length (mm)')).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Length (mm)' })).toHaveCount(8);
  await expect(measurements.getByRole('button', { name: 'Enter measurements' })).toHaveCount(0);
  await paneField(page, 1, 'Length (mm)').fill('1200');
  await paneField(page, 1, 'Width (mm)').fill('900');
  await expectNoViolationsInBothThemes(page);

  // back on the page, what they typed shows again, rows and all
  await detailsContinue(page).click();
  await expect(filesHeading(page)).toBeVisible();
  await page.goBack();
  await expect(paneField(page, 1, 'Length (mm)')).toHaveValue('1200');
});
