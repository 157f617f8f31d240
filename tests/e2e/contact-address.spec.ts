import { expect, test } from '@playwright/test';
import { addressMessages } from '#shared/address/address.contract.ts';
import { addressBox, openContact, pickAddress } from './support';

test('picks a suggested Victorian address', async ({ page }) => {
  await openContact(page);
  await pickAddress(page, '12 Smith Street, Fitzroy', '12 Smith Street, Fitzroy VIC 3065');
  await expect(addressBox(page)).toHaveAccessibleDescription(addressMessages.hint);
  await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();
});

test('shows loading, no results, and Escape closes the list', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/address/suggest**', async (route) => {
    await held;
    await route.continue();
  });
  await openContact(page);
  const address = addressBox(page);
  await address.click();
  await address.pressSequentially('12 Smith Street, Fitzroy', { delay: 20 });
  await expect(page.getByText('Loading address search...')).toBeVisible();
  release();
  await expect(
    page.getByRole('option', { name: '12 Smith Street, Fitzroy VIC 3065' }),
  ).toBeVisible();
  await address.press('Escape');
  await expect(address).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();

  await address.fill('');
  await address.pressSequentially('Qqqzzx Xyzzy', { delay: 20 });
  await expect(page.getByText('No addresses found')).toBeVisible();
});

test('when the address search is down: unavailable, then Retry runs the same search', async ({
  page,
}) => {
  const failed: string[] = [];
  const answered: string[] = [];
  let down = true;
  await page.route('**/api/address/suggest**', async (route) => {
    const query = new URL(route.request().url()).searchParams.get('q') ?? '';
    if (down) {
      failed.push(query);
      await route.fulfill({
        status: 503,
        json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Address search unavailable' } },
      });
    } else {
      answered.push(query);
      await route.continue();
    }
  });
  await openContact(page);
  const address = addressBox(page);
  await address.click();
  await address.pressSequentially('12 Smith Street, Fitzroy', { delay: 20 });
  await expect(page.getByText('Address search unavailable')).toBeVisible();

  down = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.getByRole('option', { name: '12 Smith Street, Fitzroy VIC 3065' }),
  ).toBeVisible();
  // the retry asked again for what had failed: the whole text typed
  expect(failed.at(-1)).toBe('12 Smith Street, Fitzroy');
  expect(answered[0]).toBe('12 Smith Street, Fitzroy');
  await page.getByRole('option', { name: '12 Smith Street, Fitzroy VIC 3065' }).click();
  await expect(address).toHaveValue('12 Smith Street, Fitzroy VIC 3065');
});
