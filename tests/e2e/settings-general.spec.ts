import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { settingsMessages } from '#shared/admin/settings.contract.ts';
import { errorCodes } from '#shared/api/error.ts';
import { setupItems } from '#shared/settings/setup-checklist.ts';
import { expectNoViolations } from './axe';
import { adminState, e2eAdmin } from './staff-support';

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

test('the first-run checklist stays until the business details, base address and prices are confirmed, on /settings, /dashboard and /leads; saving the business details confirms them; only then do customers see the business (issue 15 item 15, issue 26 item 10)', async ({
  page,
  baseURL,
}) => {
  // a long journey over three screens, with axe in both themes: a loaded machine needs the time
  test.slow();
  const origin = { origin: baseURL! };
  const before = (await (await page.request.get(`/api/settings/business_name`)).json()).setting
    .value as string;
  const name = 'Harbour Window Tinting and Glass Film Specialists';
  // as a fresh install: nothing confirmed (the e2e seed confirms the business details)
  for (const { key } of setupItems) {
    const removed = await page.request.delete(`/api/settings/${key}`, { headers: origin });
    expect([200, 204, 404]).toContain(removed.status());
  }
  await restore(page.request, baseURL!, 'business_name', name);
  try {
    // customers see neither the placeholder nor the unconfirmed name, nor contact details
    await page.goto('/');
    const home = page.getByRole('banner').getByRole('link').first();
    await expect(home).toHaveAccessibleName('TintBook, home');
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Need Help?' });
    await expect(help).toContainText('Booking takes four steps');
    await expect(help).not.toContainText('Still need help?');
    await expect(help.getByRole('link')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await openSettings(page);
    const checklist = section(page, 'Before you take bookings');
    await expect(checklist.getByRole('heading', { level: 3 })).toHaveText([
      'Business details: not confirmed yet',
      'Base address: not confirmed yet',
      'Prices: not confirmed yet',
      'E-mail sending: set up and tested',
    ]);
    await expect(checklist).toContainText('Now: ');
    // issue 26 item 10: until the business details are saved, notices reach the first admin
    const noticesLine = `Until the business details are saved, notices of new leads and bookings go to ${e2eAdmin.email} (the first admin).`;
    await expect(checklist).toContainText(noticesLine);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expectNoViolations(page);
    }

    // where staff work, the list says what is left and links to where it is done
    for (const path of ['/dashboard', '/leads']) {
      await page.goto(path);
      const reminder = section(page, 'Before you take bookings');
      await expect(reminder).toContainText(noticesLine);
      await expect(reminder.getByRole('listitem')).toHaveText([
        'Business details: not confirmed yet',
        'Base address: not confirmed yet',
        'Prices: not confirmed yet',
      ]);
      await expect(reminder.getByRole('link', { name: 'Prices' })).toHaveAttribute(
        'href',
        '/settings#pricing',
      );
      // the rest of these screens has its own axe tests: here the list, in both themes
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoViolations(page, '[aria-labelledby="setup-reminder-title"]');
      }
    }

    // saving the business details confirms them and the base address: one step, no Confirm
    await openSettings(page);
    const business = section(page, 'Business details');
    await business.getByRole('button', { name: 'Save' }).click();
    await expect(business.getByText('Saved and confirmed.')).toBeVisible();
    await expect(
      checklist.getByRole('heading', { name: 'Business details: confirmed' }),
    ).toBeVisible();
    await expect(checklist.getByRole('heading', { name: 'Base address: confirmed' })).toBeVisible();
    await expect(checklist).not.toContainText(noticesLine);
    // still there: the prices are not confirmed, also after a reload
    await page.reload();
    await expect(
      checklist.getByRole('heading', { name: 'Prices: not confirmed yet' }),
    ).toBeVisible();
    await checklist.getByRole('button', { name: 'Confirm the prices' }).click();
    await expect(checklist).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
    await page.reload();
    await expect(section(page, 'Business details').getByLabel('Business name')).toBeVisible();
    await expect(checklist).toHaveCount(0);
    // all done: the list leaves the dashboard too (once its answer is in)
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/setup') && r.ok());
    await page.goto('/dashboard');
    await answered;
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(section(page, 'Before you take bookings')).toHaveCount(0);

    // confirmed: the header names the business, the help dialog gives its contact details, and
    // a long name fits a 320 px phone
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await expect(home).toHaveAccessibleName(`${name}, home`);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(help.getByRole('link', { name: /^\(0\d\) / })).toHaveAttribute('href', /^tel:/);
  } finally {
    await restore(page.request, baseURL!, 'business_name', before);
    await restore(page.request, baseURL!, 'setup_business_confirmed', true);
  }
});
