import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { field, openContact } from './support';

// Issue 11, Consent: the Contact step says what is collected. The first-paint form is looked at
// with the full form's chunk held back, as a person on a slow phone sees it before touching it.

const fullFormChunk = /\/assets\/contact-form-[^/]*\.js$/;

/** Holds the full form's chunk until the returned function is called. */
async function holdFullForm(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(fullFormChunk, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const note = (page: Page) =>
  page.getByRole('form').locator('p').filter({ hasText: 'Your privacy:' });

test('the Contact step says what is collected, on the first paint and in the full form', async ({
  page,
}) => {
  const release = await holdFullForm(page);
  await openContact(page);
  // strings, not patterns: toContainText folds the markup's line breaks into spaces
  for (const said of [
    'name, email, phone and address',
    'how you found us (the ad, campaign or website you came from)',
    'Google Analytics may receive your email and phone scrambled (hashed)',
    'Global Privacy Control or Do Not Track',
    'removed after 90 days',
  ]) {
    await expect(note(page)).toContainText(said);
  }
  release();
  await field(page, 'First Name').click();
  await expect(page.locator('#session-notices')).toBeAttached(); // the full form is in
  await expect(note(page)).toHaveCount(1);
  await expect(note(page)).toBeVisible();
  await expectNoViolations(page);
});
