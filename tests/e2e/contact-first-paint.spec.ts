import { expect, test } from '@playwright/test';
import { continueButton, field, openContact } from './support';

// The first screen shows a light form; the full form (validation, suggestions) arrives on the
// first interaction. Here it is held back on purpose while the person types.
test('typing before the full form has loaded loses nothing @phone', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/contact-form-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openContact(page);

  await field(page, 'First Name').fill('A');
  await field(page, 'Last Name').fill('Citizen');
  await field(page, 'Email Address').click();
  await page.keyboard.type('jane@exam');
  release();
  await page.keyboard.type('ple.com', { delay: 40 });

  await expect(field(page, 'First Name')).toHaveValue('A');
  await expect(field(page, 'Last Name')).toHaveValue('Citizen');
  await expect(field(page, 'Email Address')).toHaveValue('jane@example.com');
  await expect(field(page, 'Email Address')).toBeFocused();
  // fields left before the swap are checked as if left in the full form
  await expect(field(page, 'First Name')).toHaveAccessibleDescription(
    'First name must be at least 2 characters',
  );
  await expect(field(page, 'Last Name')).toHaveAccessibleDescription('');
});

test('Enter pressed before the full form has loaded still submits', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/contact-form-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openContact(page);
  await field(page, 'Phone Number').fill('12');
  await page.keyboard.press('Enter');
  release();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole('link', { name: 'Please enter a valid Australian phone number' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

// A click needs its press and its release on the same element: the full form must not replace
// the first-paint one between the two (seen as a Continue that did nothing on a busy machine).
test('a press on Continue that began before the full form loaded still submits', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const chunk = /\/assets\/contact-form-[^/]*\.js$/;
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  await openContact(page);
  await continueButton(page).scrollIntoViewIfNeeded();
  const box = await continueButton(page).boundingBox();
  if (!box) throw new Error('Continue is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const loaded = page.waitForResponse(chunk);
  release();
  await loaded;
  // the time a busy phone takes between press and release, in which the chunk has run
  await page.waitForTimeout(500);
  await page.mouse.up();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: /first name/i }).first()).toBeVisible();
});
