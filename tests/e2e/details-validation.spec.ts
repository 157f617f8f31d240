import { expect, test } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import {
  completeContact,
  detailsContinue,
  detailsHeading,
  errorSummary,
  fillDetails,
  glassCount,
  pane,
  paneField,
  submitDetails,
  uvPrivacy,
} from './estimate-support';
import { contactTitle, field } from './support';
import { readStored, storageKeys, writeStored } from './browser-storage';

test('a customer who skips Contact is sent back to it', async ({ page }) => {
  for (const path of ['/measurement', '/files', '/estimate']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
  }
});

test('after Contact, the later steps wait for the Details step', async ({ page }) => {
  await completeContact(page);
  for (const path of ['/files', '/estimate']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/measurement$/);
    await expect(detailsHeading(page)).toBeVisible();
  }
});

test('bad input shows the messages of spec §5', async ({ page }) => {
  await completeContact(page);
  await expect(page.getByRole('navigation', { name: 'Booking progress' })).toContainText('Details');
  await expect(page.getByText('Measure each glass panel in millimetres')).toBeVisible();
  await expect(page.getByText('your consultant measures everything precisely')).toBeVisible();
  // the concerns come from the server: pressed before they are listed, the summary has no concern
  // to link to (a run failed so), and a person sees them before choosing none
  await expect(
    page.getByRole('group', { name: 'What is your main concern?' }).getByRole('radio').first(),
  ).toBeVisible();

  await detailsContinue(page).click();
  const summary = errorSummary(page);
  await expect(summary).toBeFocused();
  for (const message of [
    'Please select your main concern',
    'Must have at least 1 pane',
    'Pane 1: Length must be positive',
    'Pane 1: Width must be positive',
  ]) {
    await expect(summary.getByRole('link', { name: message })).toBeVisible();
  }
  await expect(
    page.getByRole('group', { name: 'What is your main concern?' }),
  ).toHaveAccessibleDescription('Please select your main concern');
  await expect(glassCount(page)).toHaveAccessibleDescription('Must have at least 1 pane');
  await expect(paneField(page, 1, 'Length (mm)')).toHaveAccessibleDescription(
    'Length must be positive',
  );
  await summary.getByRole('link', { name: 'Must have at least 1 pane' }).click();
  await expect(glassCount(page)).toBeFocused();

  // checked as the person types, once a field was left
  await glassCount(page).fill('0');
  await expect(glassCount(page)).toHaveAccessibleDescription('Must have at least 1 pane');
  await glassCount(page).fill('51');
  await expect(glassCount(page)).toHaveAccessibleDescription('Cannot exceed 50 panes');
  await glassCount(page).fill('3');
  await expect(glassCount(page)).toHaveAccessibleDescription('From 1 to 50');

  await paneField(page, 1, 'Length (mm)').fill('-5');
  await expect(paneField(page, 1, 'Length (mm)')).toHaveAccessibleDescription(
    'Length must be positive',
  );

  // every pane removed (3 were offered for the count of 3): at least one measurement is required
  for (let left = 3; left > 0; left--) {
    await pane(page, 1).getByRole('button', { name: 'Remove pane 1' }).click();
  }
  await expect(page.getByRole('button', { name: 'Add a pane' })).toBeFocused();
  await detailsContinue(page).click();
  await expect(
    errorSummary(page).getByRole('link', { name: 'At least one measurement is required' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/measurement$/);
});

test('pressed before the concerns are listed, the summary keeps the concern and links it once they arrive', async ({
  page,
}) => {
  let release = () => {};
  const listed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/pain-points', async (route) => {
    await listed;
    await route.continue();
  });
  await completeContact(page);
  await expect(page.getByText('Loading concerns...')).toBeVisible();
  await detailsContinue(page).click();
  const concern = errorSummary(page).getByRole('link', { name: 'Please select your main concern' });
  await expect(concern).toBeVisible();

  release();
  const firstConcern = page
    .getByRole('group', { name: 'What is your main concern?' })
    .getByRole('radio')
    .first();
  await expect(firstConcern).toBeVisible();
  await expect(concern).toBeVisible();
  await concern.click();
  await expect(firstConcern).toBeFocused();
});

test('a pane count that is not a whole number, a pane too large, and a summary that follows the fixes (issue 15 item 5)', async ({
  page,
}) => {
  await completeContact(page);
  await detailsContinue(page).click();
  const summary = errorSummary(page);
  await expect(summary.getByRole('link', { name: 'Must have at least 1 pane' })).toBeVisible();

  const whole = 'Enter the number of panes as a whole number, like 3';
  for (const text of ['2.5', 'abc']) {
    await glassCount(page).fill(text);
    await expect(glassCount(page)).toHaveAccessibleDescription(whole);
  }
  await glassCount(page).fill('2');
  await expect(glassCount(page)).toHaveAccessibleDescription('From 1 to 50');
  // fixed: gone from the summary at once, not at the next submit
  await expect(summary.getByRole('link', { name: /pane/i }).first()).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Must have at least 1 pane' })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: whole })).toHaveCount(0);

  await paneField(page, 1, 'Length (mm)').fill('99,999');
  await paneField(page, 1, 'Width (mm)').fill('99,999');
  await detailsContinue(page).click();
  await expect(
    summary.getByRole('link', {
      name: 'Pane 1: This pane is larger than any real window: its area cannot exceed 400 m²',
    }),
  ).toBeVisible();
  await expect(paneField(page, 1, 'Area (m²)')).toHaveAccessibleDescription(
    'This pane is larger than any real window: its area cannot exceed 400 m²',
  );
  await expect(paneField(page, 1, 'Length (mm)')).toHaveAccessibleDescription(
    'Length cannot exceed 20000 mm: that is larger than any real window',
  );
  await expect(page.getByText('Square metres must be positive')).toHaveCount(0);
  await expectNoViolationsInBothThemes(page);
});

test('the area of each pane is worked out live and may be overridden', async ({ page }) => {
  await completeContact(page);
  await paneField(page, 1, 'Length (mm)').fill('1200');
  await paneField(page, 1, 'Width (mm)').fill('800');
  await expect(paneField(page, 1, 'Area (m²)')).toHaveValue('0.96');
  await page.getByRole('button', { name: 'Add another pane' }).click();
  await expect(paneField(page, 2, 'Length (mm)')).toBeFocused();
  await paneField(page, 2, 'Length (mm)').fill('1,000');
  await paneField(page, 2, 'Width (mm)').fill('500');
  await expect(paneField(page, 2, 'Area (m²)')).toHaveValue('0.5');
  await expect(page.getByText('Total area: 1.46 m²')).toBeVisible();

  await paneField(page, 1, 'Area (m²)').fill('1.5');
  await paneField(page, 1, 'Length (mm)').fill('1000'); // the own figure stays
  await expect(paneField(page, 1, 'Area (m²)')).toHaveValue('1.5');
  await expect(page.getByText('Total area: 2 m²')).toBeVisible();

  // cleared and left: back to length × width
  await paneField(page, 1, 'Area (m²)').fill('');
  await paneField(page, 1, 'Width (mm)').focus();
  await expect(paneField(page, 1, 'Area (m²)')).toHaveValue('0.8');
});

test('Back keeps what was typed, and a reload restores it', async ({ page }) => {
  await completeContact(page);
  await fillDetails(page, {
    panes: 4,
    sizes: [
      [1500, 900],
      [600, 600],
    ],
  });
  await page.getByLabel('Job description').fill('Two bedroom windows facing west');
  await expect(page.getByText('31 of 5,000 characters')).toBeVisible();

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(field(page, 'First Name')).toHaveValue('Jane');
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await expect(detailsHeading(page)).toBeVisible();
  const expectValues = async () => {
    await expect(page.getByRole('radio', { name: uvPrivacy })).toBeChecked();
    await expect(glassCount(page)).toHaveValue('4');
    await expect(paneField(page, 1, 'Length (mm)')).toHaveValue('1500');
    await expect(paneField(page, 2, 'Width (mm)')).toHaveValue('600');
    await expect(paneField(page, 2, 'Area (m²)')).toHaveValue('0.36');
    await expect(page.getByLabel('Job description')).toHaveValue('Two bedroom windows facing west');
  };
  await expectValues();

  await glassCount(page).fill('6');
  await expect.poll(() => readStored(page, storageKeys.detailsDraft)).toContain('"glassCount":"6"');
  await page.reload();
  await expect(glassCount(page)).toHaveValue('6');
  await glassCount(page).fill('4');
  await expectValues();
  await submitDetails(page);
});

test('a session without a lead is sent back to Contact (409 from the server)', async ({ page }) => {
  // a contact form filled in but never sent: the browser cannot tell, the server can
  await page.goto('/');
  const values = {
    firstName: 'Jane',
    lastName: 'Citizen',
    email: 'never.sent@example.com',
    phone: '0412 345 678',
    address: '12 Smith Street, Fitzroy VIC 3065',
    bookingOption: 'estimate',
  };
  await writeStored(page, storageKeys.contactDraft, { values, chosen: null });
  await page.goto('/measurement');
  await expect(detailsHeading(page)).toBeVisible();
  await fillDetails(page, { panes: 1, sizes: [[1000, 1000]] });
  await detailsContinue(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Please complete your contact details first.');
  await expect(alert).toBeFocused();
  await alert.getByRole('link', { name: 'Go to your contact details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
});
