import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { addressBox, continueButton, fillPerson, makePerson, openContact } from './support';

const victoriaOnly = 'Please select an address in Victoria (VIC) only';

// Issue 15 item 4: an address in another state is found, marked as outside the service area,
// and choosing it shows the spec's Victoria-only message; it stays invalid.
test('an interstate address is offered marked, and choosing it says Victoria only', async ({
  page,
}) => {
  await openContact(page);
  await fillPerson(page, makePerson());
  const address = addressBox(page);
  await address.click();
  await address.pressSequentially('10 George Street Sydney', { delay: 20 });
  const sydney = page.getByRole('option', {
    name: '10 George Street, Sydney NSW 2000 (NSW — outside our service area)',
  });
  await expect(sydney).toBeVisible();
  await expect(sydney).toContainText('NSW — outside our service area');
  await expect(page.getByText('No addresses found')).toBeHidden();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await address.focus();
    await expect(sydney).toBeVisible();
    await expectNoViolations(page);
  }

  await address.focus();
  await sydney.click();
  await expect(address).toHaveValue('10 George Street, Sydney NSW 2000');
  await expect(address).toHaveAccessibleDescription(victoriaOnly);
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  // it stays invalid: Continue keeps the person here with the message
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(address).toHaveAccessibleDescription(victoriaOnly);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoViolations(page);
  }
});

// Issue 15 item 12: on a phone the field moves to the top when it gets focus, so the
// suggestions open where they can be seen; on a desktop the page stays where it is.
test('the suggestions list is within the screen after focusing the field @phone', async ({
  page,
}, testInfo) => {
  await openContact(page);
  const address = addressBox(page);
  const phone = testInfo.project.name === 'phone';
  if (!phone) await address.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  if (phone) await address.tap();
  else await address.click();
  await address.pressSequentially('Mount', { delay: 20 });
  const list = page.getByRole('listbox', { name: 'Address suggestions' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(5);

  const viewport = page.viewportSize()!;
  if (!phone) {
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    return;
  }
  expect(viewport).toEqual({ width: 390, height: 844 });
  const box = (await list.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // the field itself is just under the sticky header, not under it
  const header = (await page.locator('header').boundingBox())!;
  const field = (await address.boundingBox())!;
  expect(field.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(field.y).toBeLessThan(header.y + header.height + 80);
  // every suggestion can be seen
  for (const option of await page.getByRole('option').all()) {
    const o = (await option.boundingBox())!;
    expect(o.y + o.height).toBeLessThanOrEqual(viewport.height);
  }
});
