import { expect, test, type Page } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import { e2eAdmin, staffState } from './staff-support';

// Sign-in replaces the spec's password prompt (§6). Sign-in is limited to 10 per 15 minutes
// per address, so only the tests that are about signing in do it through the form.
const signInHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Staff sign-in' });

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an empty sign-in names both fields in an error summary that takes focus', async ({
  page,
}) => {
  await page.goto('/leads');
  await expect(signInHeading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Email is required' })).toBeVisible();
  await summary.getByRole('link', { name: 'Password is required' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
});

test('a wrong password shows Incorrect password and keeps the e-mail', async ({ page }) => {
  await page.goto('/settings');
  await fillSignIn(page, e2eAdmin.email, 'not-the-password-at-all');
  await expect(page.getByRole('alert')).toContainText('Incorrect password');
  await expect(page.getByLabel('Email Address')).toHaveValue(e2eAdmin.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(signInHeading(page)).toBeVisible();
});

test('an admin signs in, sees Settings, and signs out from the header', async ({ page }) => {
  await page.goto('/settings');
  await fillSignIn(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible();

  // the header keeps the button on the public pages while signed in
  await page.getByRole('link', { name: /, home$/ }).click();
  await signOut.click();
  // issue 26 item 16: it says so and lands on the sign-in screen, not the customer form
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await expect(signInHeading(page)).toBeVisible();
  await expect(signOut).toBeHidden();
  await expectNoViolationsInBothThemes(page);

  // the session ended on the server: the screen asks again
  await page.goto('/trak-settings');
  await expect(signInHeading(page)).toBeVisible();
  expect((await page.request.get('/api/staff/session')).status()).toBe(401);
});

test.describe('a staff member (not an admin)', () => {
  test.use({ storageState: staffState });

  test('sees Leads and the Dashboard', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Date range' })).toBeVisible();
    await page.goto('/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    // on a phone, Sign out sits in the staff menu (issue 15 item 14)
    const menu = page.getByRole('banner').getByRole('button', { name: 'Staff menu' });
    if (await menu.isVisible()) await menu.click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('is told that the admin screens need an admin account', async ({ page }) => {
    for (const [path, title] of [
      ['/settings', 'Settings'],
      ['/trak-settings', 'Job Tracking Settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`${title} needs an admin account`)).toBeVisible();
    }
    // and the server refuses the admin API whatever the screen shows
    expect((await page.request.get('/api/promo-codes')).status()).toBe(403);
  });
});

test('the staff screens ask for sign-in without a session; sign-in has no axe violations', async ({
  page,
}) => {
  for (const path of ['/dashboard', '/leads', '/settings', '/trak-settings']) {
    await page.goto(path);
    await expect(signInHeading(page)).toBeVisible();
  }
  await expectNoViolationsInBothThemes(page);
});
