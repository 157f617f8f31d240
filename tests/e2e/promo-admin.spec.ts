import { expect, test, type Page } from '@playwright/test';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { promoAdminMessages as m } from '#shared/admin/promo-codes.contract.ts';
import { expectNoViolations } from './axe';
import { createPromoCode, uniqueCode } from './promo-fixtures';
import { adminState } from './staff-support';

// Settings › Promo codes. Every test makes codes of its own (unique codes), so they run in
// parallel with each other and with the specs that apply codes.
test.use({ storageState: adminState });

const section = (page: Page) => page.getByRole('region', { name: 'Promo codes' });
const form = (page: Page) => section(page).getByRole('form');
const item = (page: Page, code: string) =>
  section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: code, exact: true }) });

async function openPromoCodes(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(section(page).getByRole('button', { name: 'New promo code' })).toBeVisible();
}

test('create a code with its banner, see it listed with its usage, then edit it', async ({
  page,
}) => {
  const code = uniqueCode('ADMIN');
  await openPromoCodes(page);
  await section(page).getByRole('button', { name: 'New promo code' }).click();
  await expect(section(page).getByRole('heading', { name: 'New promo code' })).toBeFocused();

  const f = form(page);
  await f.getByLabel('Code').fill(code.toLowerCase());
  await f.getByLabel('Description').fill('Summer campaign');
  await f.getByLabel('Discount in percent').fill('15');
  // the list says Active, Not started or Expired by the day the page runs on: a window that
  // holds every day the suite can run (page.clock cannot fix it: its Date cannot be subclassed,
  // and the form's Melbourne days are TZDates)
  await f.getByLabel('Valid from').fill('2026-11-01');
  await f.getByLabel('Valid to').fill('2099-01-31');
  await f.getByLabel('Usage limit').fill('5');
  await f.getByLabel('UTM trigger').fill(`${code.toLowerCase()}.fb`);
  await f.getByLabel('Banner text').fill(`Summer: 15% off with ${code}!`);
  await f.getByLabel('Banner colour', { exact: true }).fill('#FFEB3B');
  await expect(f.getByText(`Summer: 15% off with ${code}!`)).toHaveCSS(
    'background-color',
    'rgb(255, 235, 59)',
  );
  await f.getByRole('button', { name: 'Create promo code' }).click();

  await expect(
    section(page).getByRole('status').getByText(`Promo code ${code} saved.`),
  ).toBeVisible();
  const listed = item(page, code);
  await expect(listed.getByRole('button', { name: `Edit ${code}` })).toBeFocused();
  await expect(listed).toContainText('Active');
  await expect(listed).toContainText('Summer campaign');
  await expect(listed).toContainText('Discount:15% off');
  await expect(listed).toContainText('Valid:1 Nov 2026 to 31 Jan 2099');
  await expect(listed).toContainText('Used:0 of 5 times');
  await expect(listed).toContainText(`UTM trigger:${code.toLowerCase()}.fb`);
  // light banner colour: black text on it
  const banner = listed.getByText(`Summer: 15% off with ${code}!`);
  await expect(banner).toHaveCSS('background-color', 'rgb(255, 235, 59)');
  await expect(banner).toHaveCSS('color', 'rgb(0, 0, 0)');

  await listed.getByRole('button', { name: `Edit ${code}` }).click();
  await expect(f.getByLabel('Valid from')).toHaveValue('2026-11-01');
  await expect(f.getByLabel('Valid to')).toHaveValue('2099-01-31');
  await f.getByRole('radio', { name: 'Fixed amount' }).check();
  await f.getByLabel('Discount in dollars').fill('10.50');
  await expect(f.getByText('Dollars and cents: $10.50 off.')).toBeVisible();
  await f.getByLabel('Banner text').fill('');
  await f.getByLabel('Banner colour', { exact: true }).fill('');
  await f.getByLabel('Usage limit').fill('');
  await f.getByLabel('Active').uncheck();
  await f.getByRole('button', { name: 'Save changes' }).click();

  await expect(
    section(page).getByRole('status').getByText(`Promo code ${code} saved.`),
  ).toBeVisible();
  await expect(listed).toContainText('Inactive');
  await expect(listed).toContainText('Discount:$10.50 off');
  await expect(listed).toContainText('Used:0 times, no limit');
  // the default text of spec §9, on the default green
  await expect(listed.getByText(`${code} code activated! Get $10.50 off your service!`)).toHaveCSS(
    'background-color',
    'rgb(10, 125, 50)',
  );
});

test('a fixed discount is typed in dollars and cents; the preview shows the public banner’s text (issue 15 item 13)', async ({
  page,
}) => {
  const code = uniqueCode('DOLLARS');
  await openPromoCodes(page);
  await section(page).getByRole('button', { name: 'New promo code' }).click();
  const f = form(page);
  await f.getByLabel('Code').fill(code);
  await f.getByRole('radio', { name: 'Fixed amount' }).check();
  await expect(f.getByLabel('Discount in cents')).toHaveCount(0);
  const amount = f.getByLabel('Discount in dollars');
  const preview = f.getByRole('figure', { name: 'Banner preview, as customers will see it' });

  // not an amount of dollars: the form says how to type one
  await amount.fill('ten');
  await f.getByRole('button', { name: 'Create promo code' }).click();
  await expect(f.getByRole('alert').getByRole('link')).toHaveText([
    'Enter the discount in dollars and cents, like 10 or 10.50',
  ]);

  await amount.fill('50');
  await expect(f.getByText('Dollars and cents: $50.00 off.')).toBeVisible();
  await expect(preview).toContainText(`${code} code activated! Get $50 off your service!`);
  await f.getByRole('button', { name: 'Create promo code' }).click();
  await expect(
    section(page).getByRole('status').getByText(`Promo code ${code} saved.`),
  ).toBeVisible();
  await expect(item(page, code)).toContainText('Discount:$50.00 off');

  // the API keeps cents; the form shows them as dollars again
  const listed = await page.request.get('/api/promo-codes');
  const saved = (
    (await listed.json()) as { promoCodes: { code: string; discountValue: number }[] }
  ).promoCodes.find((promo) => promo.code === code);
  expect(saved?.discountValue).toBe(5000);
  await item(page, code)
    .getByRole('button', { name: `Edit ${code}` })
    .click();
  await expect(f.getByLabel('Discount in dollars')).toHaveValue('50.00');
  await expect(preview).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoViolations(page);
  }
  await f.getByRole('button', { name: 'Cancel' }).click();

  // the public banner says what the preview said
  await page.goto(`/#${code}`);
  await expect(page.getByRole('region', { name: 'Promotion' }).getByRole('status')).toHaveText(
    `${code} code activated! Get $50 off your service!`,
  );
});

test('the contract’s messages: code in use in another case, percentage, dates, colour', async ({
  page,
  baseURL,
}) => {
  const taken = await createPromoCode(page.request, baseURL!, { code: uniqueCode('TAKEN') });
  await openPromoCodes(page);
  await section(page).getByRole('button', { name: 'New promo code' }).click();
  const f = form(page);
  await f.getByLabel('Code').fill(taken.code.toLowerCase());
  await f.getByLabel('Discount in percent').fill('0');
  await f.getByLabel('Valid from').fill('2027-02-01');
  await f.getByLabel('Valid to').fill('2027-01-01');
  await f.getByLabel('Banner colour', { exact: true }).fill('green');
  await f.getByRole('button', { name: 'Create promo code' }).click();

  const summary = f.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    m.percentage,
    m.dateOrder,
    adminMessages.bannerColour,
  ]);
  await expect(f.getByLabel('Discount in percent')).toHaveAccessibleDescription(
    new RegExp(`^${m.percentage}`),
  );
  await summary.getByRole('link', { name: m.dateOrder }).click();
  await expect(f.getByLabel('Valid from')).toBeFocused();

  // fixed, the browser's checks pass: the server finds the code taken (whatever its case)
  await f.getByLabel('Discount in percent').fill('10');
  await f.getByLabel('Valid to').fill('2027-03-01');
  await f.getByLabel('Banner colour', { exact: true }).fill('#0a7d32');
  await f.getByRole('button', { name: 'Create promo code' }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([m.codeInUse]);
  await expect(f.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
    new RegExp(`^${m.codeInUse}`),
  );

  await f.getByRole('button', { name: 'Cancel' }).click();
  await expect(section(page).getByRole('button', { name: 'New promo code' })).toBeFocused();
  await expectNoViolations(page);
});

test('usage is shown, and delete asks first', async ({ page, baseURL }) => {
  const promo = await createPromoCode(page.request, baseURL!, {
    code: uniqueCode('GONE'),
    usageLimit: 3,
  });
  // the noun agrees with the limit it follows, not with the count (issue 15 item 17)
  const once = await createPromoCode(page.request, baseURL!, {
    code: uniqueCode('ONCE'),
    usageLimit: 1,
  });
  await openPromoCodes(page);
  const listed = item(page, promo.code);
  await expect(listed).toContainText('Used:0 of 3 times');
  await expect(item(page, once.code)).toContainText('Used:0 of 1 time');
  await expect(item(page, once.code)).not.toContainText('1 times');

  await listed.getByRole('button', { name: `Delete ${promo.code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete promo code ${promo.code}?` });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(listed.getByRole('button', { name: `Delete ${promo.code}` })).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(listed).toHaveCount(0);
  await expect(
    section(page).getByRole('status').getByText(`Promo code ${promo.code} deleted.`),
  ).toBeVisible();
  await expect(section(page).getByRole('button', { name: 'New promo code' })).toBeFocused();
  const gone = await page.request.get(`/api/promo-codes/${promo.id}`);
  expect(gone.status()).toBe(404);
  await page.request.delete(`/api/promo-codes/${once.id}`, { headers: { origin: baseURL! } });
});
