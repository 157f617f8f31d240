import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { settingsMessages } from '#shared/admin/settings.contract.ts';
import { errorCodes } from '#shared/api/error.ts';
import { expectNoViolations } from './axe';
import { adminState } from './staff-support';

// The toggles and the business details are global: these tests change them one at a time and
// put back what they changed.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: adminState });

const section = (page: Page, name: string) => page.getByRole('region', { name });

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(section(page, 'Business details').getByLabel('Business name')).toBeVisible();
}

/** Puts a setting back through the API (the admin's cookie comes with the page's context). */
async function restore(request: APIRequestContext, baseURL: string, key: string, value: unknown) {
  const response = await request.post(`/api/settings/${key}`, {
    data: { value },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

async function expectHelpShows(page: Page, phone: string, email: string) {
  await page.getByRole('button', { name: 'Help' }).click();
  const dialog = page.getByRole('dialog', { name: 'Need Help?' });
  await expect(dialog.getByRole('link', { name: phone })).toBeVisible();
  await expect(dialog.getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('business details saved on /settings show in the help dialog', async ({ page, baseURL }) => {
  const before = (await (await page.request.get('/api/settings')).json()).business as {
    name: string;
    email: string;
    phone: string;
  };
  const digits = String(randomInt(1000, 9999));
  const name = `Tint Test ${digits}`;
  const email = `help.${digits}@example.com`;
  const phone = `(03) 9123 ${digits}`;
  try {
    await openSettings(page);
    const business = section(page, 'Business details');
    await business.getByLabel('Business name').fill(name);
    await business.getByLabel('Contact e-mail').fill(email);
    await business.getByLabel('Contact phone').fill(phone);
    await business.getByRole('button', { name: 'Save' }).click();
    await expect(business.getByText('Saved.')).toBeVisible();

    // without a reload: the save refreshed the public settings the dialog reads
    await expectHelpShows(page, phone, email);
    await page.goto('/');
    await expectHelpShows(page, phone, email);
    const after = await (await page.request.get('/api/settings')).json();
    expect(after.business).toEqual({ name, email, phone });
  } finally {
    await restore(page.request, baseURL!, 'business_name', before.name);
    await restore(page.request, baseURL!, 'contact_email', before.email);
    await restore(page.request, baseURL!, 'contact_phone', before.phone);
  }
});

test('bad values show the contract message in the summary and on the field', async ({ page }) => {
  await openSettings(page);
  const business = section(page, 'Business details');
  const phone = business.getByLabel('Contact phone');
  await phone.fill('12');
  await business.getByRole('button', { name: 'Save' }).click();
  const summary = business.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: settingsMessages.phone })).toBeVisible();
  await expect(phone).toHaveAccessibleDescription(settingsMessages.phone);
  await summary.getByRole('link', { name: settingsMessages.phone }).click();
  await expect(phone).toBeFocused();

  // a value the server refuses: its message lands on the input of that key
  await page.route('**/api/settings/contact_phone', (route) =>
    route.fulfill({
      status: 400,
      json: {
        error: { code: errorCodes.validation, message: 'Refused', fields: { value: 'Refused' } },
      },
    }),
  );
  await phone.fill('(03) 9123 4567');
  await business.getByRole('button', { name: 'Save' }).click();
  await expect(summary.getByRole('link', { name: 'Refused' })).toBeVisible();
  await expect(phone).toHaveAccessibleDescription('Refused');
  await page.unroute('**/api/settings/contact_phone');

  const webhook = section(page, 'Form webhook');
  const url = webhook.getByLabel('Webhook address (optional)');
  await url.fill('http://x');
  await webhook.getByRole('button', { name: 'Save' }).click();
  const webhookSummary = webhook.getByRole('alert');
  await expect(webhookSummary).toBeFocused();
  await expect(webhookSummary.getByRole('link', { name: adminMessages.httpsUrl })).toBeVisible();
  await expect(url).toHaveAccessibleDescription(adminMessages.httpsUrl);
});

test('a toggle saves and survives a reload', async ({ page, baseURL }) => {
  const key = 'seasonal_promotions_enabled';
  const before = (await (await page.request.get('/api/settings')).json()).toggles[key] as boolean;
  try {
    await openSettings(page);
    const features = section(page, 'Features');
    const toggle = features.getByRole('checkbox', { name: 'Seasonal promotions' });
    await expect(toggle).toBeChecked({ checked: before });
    await toggle.setChecked(!before);
    await features.getByRole('button', { name: 'Save' }).click();
    await expect(features.getByText('Saved.')).toBeVisible();

    await page.reload();
    await expect(toggle).toBeChecked({ checked: !before });
    await toggle.setChecked(before);
    await features.getByRole('button', { name: 'Save' }).click();
    await expect(features.getByText('Saved.')).toBeVisible();
    await page.reload();
    await expect(toggle).toBeChecked({ checked: before });
  } finally {
    await restore(page.request, baseURL!, key, before);
  }
});

test('the base address is found, chosen from a list, and shown with its coordinates', async ({
  page,
}) => {
  // chosen but not saved: travel prices of the other tests are measured from the saved one
  await openSettings(page);
  const business = section(page, 'Business details');
  const search = business.getByRole('searchbox', { name: 'Find the base address' });
  await search.fill('12 Smith Street, Fitzroy');
  await search.press('Enter');
  const results = business.getByRole('list', { name: 'Address results' });
  const result = results.getByRole('button', { name: '12 Smith Street, Fitzroy VIC 3065' });
  await result.click();
  await expect(results).toBeHidden();
  const shown = business.getByRole('definition');
  await expect(shown.nth(0)).toHaveText(/Fitzroy/);
  await expect(shown.nth(1)).toHaveText(/^-37\.\d{5}$/);
  await expect(shown.nth(2)).toHaveText(/^144\.\d{5}$/);
  await expect(business.getByText('Base address chosen. Save to keep it.')).toBeVisible();
});

test('/settings has no axe violations', async ({ page }) => {
  await openSettings(page);
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expectNoViolations(page);
});
