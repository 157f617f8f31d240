import { expect, test } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import { addressBox, continueButton, openContact } from './support';

// Each state is checked in both themes in one test: a test per theme opened the same screen
// twice for the same checks.
test.describe('light and dark theme @phone', () => {
  test('the contact screen has no axe violations', async ({ page }) => {
    await openContact(page);
    await expectNoViolationsInBothThemes(page);
  });

  test('nor with the help dialog open', async ({ page }) => {
    await openContact(page);
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('dialog', { name: 'Need Help?' })).toBeVisible();
    await expectNoViolationsInBothThemes(page);
  });

  test('nor with errors and suggestions showing', async ({ page }) => {
    await openContact(page);
    await continueButton(page).click();
    await expect(page.getByRole('alert')).toBeFocused();
    const address = addressBox(page);
    await address.click();
    await address.pressSequentially('12 Smith Street, Fitzroy', { delay: 20 });
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectNoViolationsInBothThemes(page);
  });
});

// the staff sign-in screen: axe in staff-access.spec.ts, on the visit that checks the screen
