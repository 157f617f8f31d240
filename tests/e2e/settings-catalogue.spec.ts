import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { catalogueMessages } from '#shared/admin/catalogue.contract.ts';
import { expectNoViolations } from './axe';
import { completeContact, detailsHeading, uvPrivacy } from './estimate-support';
import { adminState } from './staff-support';

// Other specs run beside these on the same database: every test makes its own pain points and
// booking options (random ids) and never touches the default ones.
test.use({ storageState: adminState });

const section = (page: Page, name: string) => page.getByRole('region', { name });
const painPoints = (page: Page) => section(page, 'Pain points');
const bookingOptions = (page: Page) => section(page, 'Booking options');
const pricing = (page: Page) => section(page, 'Pricing');

function unique(prefix: string) {
  const suffix = randomUUID().slice(0, 8);
  return { id: `${prefix}-${suffix}`, name: `E2E ${prefix} ${suffix}` };
}

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(painPoints(page).getByRole('list', { name: 'Current pain points' })).toBeVisible();
}

/** The admin API, with the signed-in cookie of the page's context. */
async function adminApi(
  page: Page,
  method: 'post' | 'put' | 'delete',
  path: string,
  data?: object,
): Promise<unknown> {
  const origin = new URL(page.url()).origin; // writes must come from the app's own origin
  const response = await page.request[method](path, { data, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('a pain point added on /settings is offered on Details until it is deactivated', async ({
  page,
  context,
}) => {
  const concern = unique('shade');
  await openSettings(page);
  const add = painPoints(page).getByRole('form', { name: 'Add a pain point' });
  await add.getByLabel(/^Id/).fill(concern.id);
  await add.getByLabel('Name', { exact: true }).fill(concern.name);
  await add.getByLabel('Description (optional)').fill('Made by an e2e test');
  await add.getByRole('button', { name: 'Add pain point' }).click();
  await expect(add.getByRole('status')).toHaveText('Added. It is listed above.');
  await expect(add.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(
    painPoints(page).getByRole('listitem').filter({ hasText: concern.name }),
  ).toBeVisible();

  const customer = await context.newPage();
  await completeContact(customer);
  await expect(customer.getByRole('radio', { name: concern.name })).toBeVisible();

  await painPoints(page)
    .getByRole('button', { name: `Deactivate ${concern.name}` })
    .click();
  await expect(painPoints(page).getByRole('status').first()).toHaveText(
    `${concern.name} deactivated.`,
  );
  const row = painPoints(page).getByRole('listitem').filter({ hasText: concern.name });
  await expect(row.getByText('Inactive')).toBeVisible();
  await expect(row.getByRole('button', { name: `Activate ${concern.name}` })).toBeFocused();

  await customer.reload();
  await expect(detailsHeading(customer)).toBeVisible();
  await expect(customer.getByRole('radio', { name: uvPrivacy })).toBeVisible();
  await expect(customer.getByRole('radio', { name: concern.name })).toHaveCount(0);
});

test('a booking option needs 30 minutes or more; it can be edited and deleted @phone', async ({
  page,
}) => {
  const option = unique('visit');
  await openSettings(page);
  const add = bookingOptions(page).getByRole('form', { name: 'Add a booking option' });
  await add.getByLabel(/^Id/).fill(option.id);
  await add.getByLabel('Label', { exact: true }).fill(option.name);
  await add.getByLabel('Duration (minutes)').fill('20');
  // kept inactive, so customers of the other specs never see it
  await add.getByLabel('Active (offered to customers)').uncheck();
  await add.getByRole('button', { name: 'Add booking option' }).click();

  const summary = add.getByRole('alert').filter({ hasText: 'Please correct the following:' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: adminMessages.duration })).toBeVisible();
  await expect(add.getByLabel('Duration (minutes)')).toHaveAccessibleDescription(
    adminMessages.duration,
  );

  await add.getByLabel('Duration (minutes)').fill('45');
  await add.getByRole('button', { name: 'Add booking option' }).click();
  await expect(add.getByRole('status')).toHaveText('Added. It is listed above.');
  const list = bookingOptions(page).getByRole('list', { name: 'Current booking options' });
  const row = list.getByRole('listitem').filter({ hasText: option.id });
  await expect(row).toContainText('45 minutes');
  await expect(row.getByText('Inactive')).toBeVisible();

  // edit in place; focus comes back to the row's Edit button
  await row.getByRole('button', { name: `Edit ${option.name}` }).click();
  const edit = row.getByRole('form', { name: `Edit ${option.name}` });
  await expect(edit.getByLabel('Label', { exact: true })).toBeFocused();
  await edit.getByLabel('Label', { exact: true }).fill(`${option.name} (long)`);
  await edit.getByLabel('Duration (minutes)').fill('90');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('90 minutes');
  await expect(row.getByRole('button', { name: `Edit ${option.name} (long)` })).toBeFocused();

  // nothing refers to it, so it really goes
  await row.getByRole('button', { name: `Delete ${option.name} (long)` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${option.name} (long)?` });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete booking option' }).click();
  await expect(dialog).toBeHidden();
  await expect(bookingOptions(page).getByRole('status').first()).toHaveText(
    catalogueMessages.deleted,
  );
  await expect(row).toHaveCount(0);
  await expect(
    bookingOptions(page).getByRole('heading', { name: 'Current booking options' }),
  ).toBeFocused();
});

test('deleting a pain point that has a price deactivates it and says so', async ({ page }) => {
  const concern = unique('glare');
  await page.goto('/');
  await adminApi(page, 'post', '/api/pain-points', { id: concern.id, name: concern.name });
  await adminApi(page, 'put', '/api/admin/pricing', {
    rows: [{ painPointName: concern.id, pricePerSqmCents: 5000 }],
  });

  await openSettings(page);
  const row = painPoints(page).getByRole('listitem').filter({ hasText: concern.id });
  await row.getByRole('button', { name: `Delete ${concern.name}` }).click();
  await page
    .getByRole('alertdialog', { name: `Delete ${concern.name}?` })
    .getByRole('button', { name: 'Delete pain point' })
    .click();
  await expect(painPoints(page).getByRole('status').first()).toHaveText(
    catalogueMessages.painPointDeactivated,
  );
  await expect(row.getByText('Inactive')).toBeVisible();
});

test('prices are entered in dollars and kept', async ({ page }) => {
  const concern = unique('heat');
  await page.goto('/');
  const before = (await (await page.request.get('/api/admin/pricing')).json()) as {
    travelHourlyRate: number;
  };
  await adminApi(page, 'post', '/api/pain-points', { id: concern.id, name: concern.name });
  try {
    await openSettings(page);
    const form = pricing(page).getByRole('form', { name: 'Pricing' });
    const price = form.getByLabel(`${concern.name} ($ per m²)`);
    // a new pain point has no price yet: it can get one here
    await expect(price).toHaveValue('');
    await price.fill('61.5');
    // one cent under the default: the 15-minute trips of the estimate specs still cost $13.00
    await form.getByLabel('Travel rate ($ per hour)').fill('51.99');
    const saved = page.waitForRequest(
      (r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/admin/pricing',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    // cents, and only what changed
    expect((await saved).postDataJSON()).toEqual({
      rows: [{ painPointName: concern.id, pricePerSqmCents: 6150 }],
      travelHourlyRate: 5199,
    });
    await expect(form.getByRole('status')).toHaveText('Saved.');

    await page.reload();
    const again = pricing(page).getByRole('form', { name: 'Pricing' });
    await expect(again.getByLabel(`${concern.name} ($ per m²)`)).toHaveValue('61.50');
    await expect(again.getByLabel('Travel rate ($ per hour)')).toHaveValue('51.99');
  } finally {
    await adminApi(page, 'put', '/api/admin/pricing', {
      travelHourlyRate: before.travelHourlyRate,
    });
    await adminApi(page, 'delete', `/api/pain-points/${concern.id}`);
  }
});

test('the pricing section has no axe violations with its errors showing', async ({ page }) => {
  await openSettings(page);
  const form = pricing(page).getByRole('form', { name: 'Pricing' });
  await form.getByLabel('Travel rate ($ per hour)').fill('fifty');
  await form.getByLabel('Small job (fewer panes than)').fill('');
  // issue 26 item 7: the minimum job charge in dollars, with help saying when it shows
  const charge = form.getByLabel('Minimum job charge ($)');
  await expect(charge).toHaveValue('270.00');
  await expect(charge).toHaveAccessibleDescription(/only when it raises the price/);
  await charge.fill('-5');
  await form.getByRole('button', { name: 'Save' }).click();
  const summary = form.getByRole('alert').filter({ hasText: 'Please correct the following:' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: adminMessages.travelRate })).toBeVisible();
  await expect(summary.getByRole('link', { name: adminMessages.threshold })).toBeVisible();
  await expect(summary.getByRole('link', { name: adminMessages.minimumCharge })).toBeVisible();
  await summary.getByRole('link', { name: adminMessages.travelRate }).click();
  await expect(form.getByLabel('Travel rate ($ per hour)')).toBeFocused();
  await expectNoViolations(page);
});
