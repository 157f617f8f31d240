import { expect, test, type Page } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import { contactTitle } from './support';
import { adminState, staffState } from './staff-support';

// Issue 15 item 14: a staff navigation between the staff screens, by role, usable at 320 px.
const narrow = { width: 320, height: 640 };
const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff' });
const menuButton = (page: Page) => staffNav(page).getByRole('button', { name: 'Staff menu' });

/** Nothing in the header sticks out sideways (the signed-in header used to overflow at 320 px). */
async function expectNoSidewaysOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    header: document.querySelector('header')!.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths.header).toBeLessThanOrEqual(widths.viewport);
}

test.describe('a staff member at 320 px', () => {
  test.use({ storageState: staffState, viewport: narrow });

  test('opens the menu by keyboard, sees Leads, Dashboard and Schedule only, the current one marked', async ({
    page,
  }) => {
    await page.goto('/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(staffNav(page).getByRole('link', { name: 'Leads' })).toBeHidden();
    await expectNoSidewaysOverflow(page);
    // the header row keeps one line: Help, the name and the theme toggle side by side
    const help = await page.getByRole('button', { name: 'Help' }).boundingBox();
    const theme = await page.getByRole('button', { name: 'Dark theme' }).boundingBox();
    expect(Math.abs(help!.y - theme!.y)).toBeLessThan(8);

    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const links = staffNav(page).getByRole('link');
    await expect(links).toHaveText(['Leads', 'Dashboard', 'Schedule']);
    await expect(staffNav(page).getByRole('link', { name: 'Leads' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(staffNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectNoSidewaysOverflow(page);

    // Escape closes it and gives focus back to the button
    await page.keyboard.press('Escape');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toBeFocused();

    // Tab to Dashboard and open it with Enter
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(staffNav(page).getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // the menu closed on the way
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();
    await expect(staffNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(staffNav(page).getByRole('link', { name: 'Leads' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});

test.describe('an admin at 320 px', () => {
  test.use({ storageState: adminState, viewport: narrow });

  test('reaches all four screens from the menu', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await menuButton(page).click();
    await expect(staffNav(page).getByRole('link')).toHaveText([
      'Leads',
      'Dashboard',
      'Schedule',
      'Settings',
      'Booking rules',
    ]);
    await expect(staffNav(page).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSidewaysOverflow(page);
    await staffNav(page).getByRole('link', { name: 'Booking rules' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Job Tracking Settings' }),
    ).toBeVisible();
    await expect(staffNav(page).getByRole('link', { name: 'Booking rules' })).toBeHidden();
  });
});

test.describe('on a desktop', () => {
  test('an admin sees the four screens inline, the current one marked', async ({ browser }) => {
    const context = await browser.newContext({ storageState: adminState });
    const page = await context.newPage();
    await page.goto('/trak-settings');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Job Tracking Settings' }),
    ).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await expect(staffNav(page).getByRole('link')).toHaveText([
      'Leads',
      'Dashboard',
      'Schedule',
      'Settings',
      'Booking rules',
    ]);
    await expect(staffNav(page).getByRole('link', { name: 'Booking rules' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await staffNav(page).getByRole('link', { name: 'Leads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(staffNav(page).getByRole('link', { name: 'Leads' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await context.close();
  });

  test('a staff member sees Leads, Dashboard and Schedule, not the admin screens', async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: staffState });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(staffNav(page).getByRole('link')).toHaveText(['Leads', 'Dashboard', 'Schedule']);
    await expect(staffNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
    await context.close();
  });
});

test('a customer neither sees nor downloads the staff navigation', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(staffNav(page)).toHaveCount(0);
  expect(scripts.filter((url) => url.includes('staff-nav'))).toEqual([]);
});

// both themes in each test: a test per theme loaded each screen twice for the same checks
test.describe('staff navigation, light and dark theme', () => {
  test.use({ storageState: adminState });

  test('has no axe violations inline on a desktop', async ({ page }) => {
    await page.goto('/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(staffNav(page).getByRole('link', { name: 'Leads' })).toBeVisible();
    await expectNoViolationsInBothThemes(page);
  });

  test('has no axe violations with the menu open at 320 px', async ({ page }) => {
    await page.setViewportSize(narrow);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await menuButton(page).click();
    await expect(staffNav(page).getByRole('link', { name: 'Settings' })).toBeVisible();
    await expectNoViolationsInBothThemes(page);
  });
});
