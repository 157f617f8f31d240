import { expect, test } from '@playwright/test';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import { openContact } from './support';
import { readStored, storageKeys } from './browser-storage';

test('the help dialog asks for length and width, and formats the business phone as a tel: link (issue 15 item 7) @phone', async ({
  page,
}) => {
  // the number as an owner may type it into Settings
  await page.route('**/api/settings', async (route) => {
    const response = await route.fetch();
    const settings = await response.json();
    settings.business = { ...settings.business, phone: '0398765432' };
    await route.fulfill({ response, json: settings });
  });
  await openContact(page);
  await page.getByRole('button', { name: 'Help' }).click();
  const dialog = page.getByRole('dialog', { name: 'Need Help?' });
  await expect(dialog).toContainText('Measure each glass panel in millimetres (length and width).');
  await expect(dialog).not.toContainText('height');
  await expect(dialog.getByRole('link', { name: '(03) 9876 5432', exact: true })).toHaveAttribute(
    'href',
    'tel:+61398765432',
  );
  await expect(dialog).not.toContainText('0398765432');
  await expect(dialog.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
});

test('the help dialog shows the steps and the business contact, and Escape closes it @phone', async ({
  page,
}) => {
  const settings = await (await page.request.get('/api/settings')).json();
  const { phone, email } = settings.business as { phone: string; email: string };
  await openContact(page);

  const help = page.getByRole('button', { name: 'Help' });
  await help.click();
  const dialog = page.getByRole('dialog', { name: 'Need Help?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText([
    'Fill in your contact details.',
    'Select your main concern and, if you like, enter your glass panel measurements.',
    'Choose an available time slot.',
    'Confirm your booking.',
  ]);
  await expect(dialog).toContainText('millimetres');
  await expect(dialog).toContainText('your consultant measures everything precisely');
  await expect(dialog.getByRole('link', { name: phone })).toHaveAttribute('href', /^tel:/);
  await expect(dialog.getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  );

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(help).toBeFocused();

  // and by its close button
  await help.press('Enter');
  await dialog.getByRole('button', { name: 'Close help' }).click();
  await expect(dialog).toBeHidden();
  await expect(help).toBeFocused();
});

test('the theme follows the system, then the choice, across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openContact(page);
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await toggle.click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await readStored(page, storageKeys.theme)).toBe('light');

  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await toggle.click();
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

// a failing settings request alone is met with the built-in defaults (issue 14,
// server-unreachable.spec.ts): the app stops only when not even those can load
test('Initialization Error with Retry when neither the settings nor their defaults load', async ({
  page,
}) => {
  let failing = true;
  await page.route('**/api/settings', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          json: { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
        })
      : route.continue(),
  );
  await page.route(/\/assets\/built-in-defaults-[^/]+\.js$/, (route) =>
    failing ? route.abort('connectionrefused') : route.continue(),
  );
  await page.goto('/');
  await expect(page.getByText('Initializing TintBook...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Initialization Error' })).toBeVisible();
  await expect(page.getByText('Something went wrong on our side.')).toBeVisible();

  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Book Your Window Tinting Consultation' }),
  ).toBeVisible();
});

test('a staff screen loads on demand and asks for sign-in; Cancel returns to /', async ({
  page,
}) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  // the seeded business counts as confirmed in the e2e (seed-e2e-data.ts): the tab names it
  await expect(page).toHaveTitle(`Sign in: Settings — ${settingDefaults.business_name}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  // after a route change, focus is on the new page's heading
  await expect(
    page.getByRole('heading', { level: 1, name: 'Book Your Window Tinting Consultation' }),
  ).toBeFocused();
});

test('the step screens are preloaded after start', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // the preloads are timed, 2 s and 5 s after start (spec §2): the page's own clock runs them,
  // so the test does not sit out the five seconds
  await page.clock.install();
  await openContact(page);
  await page.clock.runFor(5_000);
  await expect.poll(() => scripts.some((path) => path.includes('booking-page'))).toBe(true);
});

test('a page that cannot load shows the crash screen with Refresh Page', async ({ page }) => {
  await page.route(/settings-page-.*\.js$/, (route) => route.abort('connectionreset'));
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(
    page.getByText(
      "We're sorry, but something unexpected happened. Please refresh the page to try again.",
    ),
  ).toBeVisible();

  await page.unroute(/settings-page-.*\.js$/);
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
});

test('an unknown address shows Page not found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
