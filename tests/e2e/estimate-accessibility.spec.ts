import { expect, test, type Page } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import {
  completeContact,
  detailsContinue,
  errorSummary,
  estimateHeading,
  fileInput,
  fileItem,
  fillDetails,
  photo,
  submitDetails,
} from './estimate-support';

// Each stop is checked in both themes on one walk: a walk per theme doubled the time for the
// same stops.
test('Details, Files and Estimate have no axe violations (light and dark) @phone', async ({
  page,
}) => {
  await completeContact(page);
  await detailsContinue(page).click();
  await expect(errorSummary(page)).toBeFocused();
  await expectNoViolationsInBothThemes(page); // with every message showing

  await fillDetails(page, { panes: 3, sizes: [[1200, 900]] });
  await paneFieldOverride(page);
  await expectNoViolationsInBothThemes(page);
  await submitDetails(page);

  await fileInput(page).setInputFiles([
    { name: 'kitchen.png', mimeType: 'image/png', buffer: await photo('png') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('text') },
  ]);
  await expect(fileItem(page, 'kitchen.png')).toContainText('Uploaded');
  await expect(fileItem(page, 'notes.txt')).toContainText('Failed');
  await expectNoViolationsInBothThemes(page);

  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Estimate breakdown' })).toBeVisible();
  await page.getByLabel('Promo code').fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('That promo code is not valid.')).toBeVisible();
  await expectNoViolationsInBothThemes(page);
});

async function paneFieldOverride(page: Page) {
  const area = page.getByRole('group', { name: 'Pane 1' }).getByLabel('Area (m²)');
  await area.fill('1.2');
  await expect(page.getByText('Your own area')).toBeVisible();
}
