import { expect, test, type Page } from '@playwright/test';
import { promoAdminMessages } from '#shared/admin/promo-codes.contract.ts';
import { errorCodes } from '#shared/api/error.ts';
import { expectNoViolations } from './axe';
import { completeContact, estimateHeading, fillDetails, submitDetails } from './estimate-support';
import { createPromoCode, uniqueCode } from './promo-fixtures';
import { adminState } from './staff-support';
import { contactTitle } from './support';
import { readStored, storageKeys } from './browser-storage';

// Spec §4 Promo and §9: a URL hash or a campaign link shows the code's banner and makes it the
// active promo. The admin session only creates the codes (page.request); the pages are public.
// promo_codes_enabled is global and other specs apply codes, so "switched off" is the server's
// answer played back here (the API tests cover the switch itself).
test.use({ storageState: adminState });

const banner = (page: Page) => page.getByRole('region', { name: 'Promotion' });
const closeButton = (page: Page) =>
  page.getByRole('button', { name: 'Close the promotion banner' });

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
}

test('/#CODE shows the banner in its text and colour; it closes itself after 10 s', async ({
  page,
  baseURL,
}) => {
  const promo = await createPromoCode(page.request, baseURL!, {
    code: uniqueCode('BANNER'),
    bannerText: 'Spring sale: 20% off your service!',
    bannerColor: '#1d4ed8',
  });
  await page.clock.install();
  await open(page, `/#${promo.code.toLowerCase()}`);
  const shown = banner(page);
  await expect(shown.getByRole('status')).toHaveText('Spring sale: 20% off your service!');
  // the banner's 10 s started a moment ago: from here the page's time moves only when told
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await expect(shown).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await expect(shown).toHaveCSS('color', 'rgb(255, 255, 255)');
  // at the top, above the header, which it does not cover
  const [bar, header] = [await shown.boundingBox(), await page.locator('header').boundingBox()];
  expect(bar!.y).toBe(0);
  expect(header!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);

  await page.clock.runFor(9_000);
  await expect(shown).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(shown).toBeHidden();
  await expect(closeButton(page)).toHaveCount(0);
});

test('the close button closes it; a campaign link shows it too @phone', async ({
  page,
  baseURL,
}) => {
  const code = uniqueCode('CAMPAIGN');
  const trigger = `${code.toLowerCase()}.spring`;
  await createPromoCode(page.request, baseURL!, {
    code,
    discountType: 'fixed',
    discountValue: 1500,
    utmTrigger: trigger,
  });
  // the default text of spec §9 on the default green, white text
  const text = `${code} code activated! Get $15 off your service!`;
  await open(page, `/?utm_source=facebook&utm_campaign=${trigger}`);
  const shown = banner(page);
  await expect(shown.getByRole('status')).toHaveText(text);
  await expect(shown).toHaveCSS('background-color', 'rgb(10, 125, 50)');
  await expect(shown).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expectNoViolations(page); // (axe needs the page's clock running: not in the test above)
  await expect(shown).toBeVisible();

  await closeButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(shown).toBeHidden();
  await expect(page.locator('#main')).toBeFocused();

  // a hash the page uses itself is not a code
  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await page.goto('/#main');
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
  await expect(closeButton(page)).toHaveCount(0);
});

test('the estimate applies the active promo; an unknown code clears it', async ({
  page,
  baseURL,
}) => {
  const promo = await createPromoCode(page.request, baseURL!, {
    code: uniqueCode('EST'),
    discountValue: 10,
  });
  await open(page, `/#${promo.code}`);
  await expect(banner(page)).toContainText(`${promo.code} code activated! Get 10% off`);

  await completeContact(page);
  await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
  const breakdown = page.getByRole('table', { name: 'Estimate breakdown' });
  await expect(page.getByText(`Promo code ${promo.code} applied.`)).toBeVisible();
  await expect(breakdown.getByRole('row', { name: /^Total \$/ })).toContainText('$214.20 inc. GST');

  // a failed lookup, even here on the Estimate: no banner, and the promo is gone
  const lookup = page.waitForResponse((r) => r.url().includes('/api/promo-codes/lookup/'));
  await page.goto(`/estimate#NO-SUCH-${promo.code}`);
  expect(await (await lookup).json()).toMatchObject({ promo: null });
  await expect(page.getByText(`Promo code ${promo.code} applied.`)).toBeHidden();
  await expect(breakdown.getByRole('row', { name: /^Total \$/ })).toContainText('$238.00 inc. GST');
  await expect(closeButton(page)).toHaveCount(0);

  // and the code of a new hash is applied at once
  await page.goto(`/estimate#${promo.code}`);
  await expect(banner(page)).toBeVisible();
  await expect(page.getByText(`Promo code ${promo.code} applied.`)).toBeVisible();
});

test('while promo codes are switched off no banner shows and the promo is cleared', async ({
  page,
  baseURL,
}) => {
  const promo = await createPromoCode(page.request, baseURL!, { code: uniqueCode('OFF') });
  await open(page, `/#${promo.code}`);
  await expect(banner(page)).toBeVisible();

  // what the server answers for every code while promo_codes_enabled is off
  await page.route('**/api/promo-codes/lookup/**', (route) =>
    route.fulfill({
      json: {
        promo: null,
        refusal: { code: errorCodes.promoDisabled, message: promoAdminMessages.disabled },
      },
    }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
  await expect(closeButton(page)).toHaveCount(0);
  // nothing on this page shows the active promo: read where the Estimate step finds it
  await expect.poll(() => readStored(page, storageKeys.promoCode)).toBeNull();
});

// Issue 15 item 8: a campaign with no promotion and an unknown code are normal answers, so the
// browser logs no failed request and no console error for them (ADR 030).
test('a campaign link with no promotion and an unknown code leave the console clean', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });

  const campaign = page.waitForResponse((r) => r.url().includes('/api/promo-codes/utm/nothing'));
  await open(page, '/?utm_campaign=nothing');
  expect(await (await campaign).json()).toMatchObject({ promo: null });
  const code = page.waitForResponse((r) => r.url().includes('/api/promo-codes/lookup/UNKNOWN'));
  await open(page, '/#UNKNOWN');
  expect(await (await code).json()).toMatchObject({ promo: null });
  await expect(closeButton(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});
