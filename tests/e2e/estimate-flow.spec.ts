import { expect, test, type Page } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import {
  completeContact,
  estimateHeading,
  fileInput,
  fileItem,
  fillDetails,
  photo,
  progressOf,
  submitDetails,
} from './estimate-support';
import { e2ePromoCodes } from './promo-fixtures';

const row = (page: Page, label: string | RegExp) =>
  page.getByRole('table', { name: 'Estimate breakdown' }).getByRole('row', { name: label });

async function applyPromo(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Promo code' }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('Contact → Details → two photos → the exact estimate, and a promo code @phone', async ({
  page,
}) => {
  await completeContact(page);
  // the known case: 5 panes of 1000 × 1000 mm for UV / privacy at $45/m², Fitzroy
  await fillDetails(page, {
    panes: 5,
    sizes: [
      [1000, 1000],
      [1000, 1000],
      [1000, 1000],
      [1000, 1000],
      [1000, 1000],
    ],
  });
  await expect(page.getByText('Total area: 5 m²')).toBeVisible();
  await submitDetails(page);

  await fileInput(page).setInputFiles([
    { name: 'front-window.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg') },
    { name: 'bay-window.png', mimeType: 'image/png', buffer: await photo('png') },
  ]);
  for (const name of ['front-window.jpg', 'bay-window.png']) {
    await expect(fileItem(page, name)).toContainText('Uploaded');
    await expect(progressOf(page, name)).toHaveAttribute('aria-valuenow', '100');
  }
  await expect(page.locator('[aria-live="polite"]').first()).toContainText(
    'bay-window.png uploaded',
  );

  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
  await expect(row(page, /^Total \$/)).toContainText('$238.00 inc. GST');
  await expect(page.getByText('$238.00 inc. GST').first()).toBeVisible();
  await expect(row(page, /^Pane 1: 1,000 × 1,000 mm, 1.00 m²/)).toContainText('$45.00');
  await expect(row(page, /^Total area/)).toContainText('5.00 m²');
  await expect(row(page, /^Rate for UV \/ Privacy/)).toContainText('$45.00 per m²');
  await expect(row(page, /^Window tinting/)).toContainText('$225.00');
  await expect(row(page, /^Travel: 15 min round trip/)).toContainText('$13.00');
  await expect(row(page, /^GST included/)).toContainText('$21.64');
  await expect(page.getByText('This is an estimate.')).toBeVisible();
  await expect(page.getByText('confirms the price')).toBeVisible();

  await applyPromo(page, e2ePromoCodes.tenPercent.toLowerCase());
  await expect(row(page, /^Total \$/)).toContainText('$214.20 inc. GST');
  await expect(row(page, /^Subtotal/)).toContainText('$238.00');
  await expect(row(page, /^Promo code E2E-TEN \(10% off\)/)).toContainText('−$23.80');
  await expect(page.getByText('Promo code E2E-TEN applied.')).toBeVisible();

  // kept across a reload
  await page.reload();
  await expect(row(page, /^Total \$/)).toContainText('$214.20 inc. GST');

  await page.getByRole('link', { name: 'Continue to Booking' }).click();
  await expect(page).toHaveURL(/\/booking$/);
});

test('each refused promo code says why; the estimate stands', async ({ page }) => {
  await completeContact(page);
  await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(row(page, /^Total \$/)).toContainText('$238.00 inc. GST');
  // 4 panes not measured, priced at the average of the measured one
  await expect(row(page, /^4 more panes not measured/)).toContainText('$180.00');

  await applyPromo(page, 'NO-SUCH-CODE');
  const promo = page.getByLabel('Promo code');
  await expect(promo).toHaveAccessibleDescription('That promo code is not valid.');
  await applyPromo(page, e2ePromoCodes.expired);
  await expect(promo).toHaveAccessibleDescription('That promo code has expired.');
  await expect(row(page, /^Total \$/)).toContainText('$238.00 inc. GST');
});

test('a code refused after another was applied says which code is in effect (issue 15 item 11)', async ({
  page,
}) => {
  await completeContact(page);
  await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await applyPromo(page, e2ePromoCodes.tenPercent);
  await expect(page.getByText('Promo code E2E-TEN applied.')).toBeVisible();

  await applyPromo(page, 'no-such-code');
  const promo = page.getByRole('textbox', { name: 'Promo code' });
  await expect(promo).toHaveAccessibleDescription('NO-SUCH-CODE: That promo code is not valid.');
  await expect(page.getByText('Promo code E2E-TEN is still in effect.')).toBeVisible();
  await expect(page.getByText('Promo code E2E-TEN applied.')).toHaveCount(0);
  await expect(row(page, /^Total \$/)).toContainText('$214.20 inc. GST');
  await expectNoViolationsInBothThemes(page);
});

test('a small job: the minimum job charge line, and a phone consultation at booking', async ({
  page,
}) => {
  await completeContact(page);
  await fillDetails(page, { panes: 2, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  // issue 26 item 7 (ADR 044): the 2 panes are priced as 2 ($45 measured, $45 not measured) and
  // raised to the $270 minimum job charge on a line of its own; + $13 travel. (It was "priced as 4
  // panes", $193, before.)
  await expect(row(page, /^1 more pane not measured, at the average 1.00 m² each/)).toContainText(
    '$45.00',
  );
  await expect(
    row(page, /^Minimum job charge: jobs under 4 panes pay at least \$270\.00/),
  ).toContainText('+$180.00');
  await expect(row(page, /^Window tinting/)).toContainText('$270.00');
  await expect(row(page, /^Total \$/)).toContainText('$283.00 inc. GST');
  await expect(page.getByText(/priced as/)).toHaveCount(0);
  // the area measured, nothing made up (issue 15 item 10)
  await expect(row(page, /^Total area/)).toContainText('1.00 m²');
  await expectNoViolationsInBothThemes(page);
  // a small job books a phone consultation (the Booking step says why)
  await page.getByRole('link', { name: 'Continue to Booking' }).click();
  await expect(page.getByText('Onsite visits are for jobs of at least 5 panes')).toBeVisible();
});

// Issue 26 item 12: promo_codes_enabled is global and other specs apply codes, so "switched off"
// is the server's public settings played back with the toggle off (the API test covers the
// server's refusal).
test('promo codes switched off: no promo field, and a remembered code is not refused', async ({
  page,
}) => {
  await completeContact(page);
  await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await applyPromo(page, e2ePromoCodes.tenPercent);
  await expect(page.getByText('Promo code E2E-TEN applied.')).toBeVisible();

  await page.route('**/api/settings', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({
      response,
      json: { ...body, toggles: { ...body.toggles, promo_codes_enabled: false } },
    });
  });
  await page.reload();
  await expect(estimateHeading(page)).toBeVisible();
  await expect(row(page, /^Total \$/)).toContainText('$238.00 inc. GST');
  await expect(page.getByRole('textbox', { name: 'Promo code' })).toHaveCount(0);
  await expect(page.getByText(/promo code/i)).toHaveCount(0);
  await expectNoViolationsInBothThemes(page);
});
