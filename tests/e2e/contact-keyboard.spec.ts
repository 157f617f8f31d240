import { expect, test } from '@playwright/test';
import { addressBox, apiAnswer, field, makePerson, openContact, tabTo } from './support';

test('a person completes the contact step with the keyboard alone @phone', async ({ page }) => {
  const person = makePerson();
  await openContact(page);

  await tabTo(page, field(page, 'First Name'));
  await page.keyboard.type(person.firstName);
  await page.keyboard.press('Tab');
  await expect(field(page, 'Last Name')).toBeFocused();
  await page.keyboard.type(person.lastName);
  await page.keyboard.press('Tab');
  await expect(field(page, 'Email Address')).toBeFocused();
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await expect(field(page, 'Phone Number')).toBeFocused();
  await page.keyboard.type(person.phone);
  await page.keyboard.press('Tab');

  const address = addressBox(page);
  await expect(address).toBeFocused();
  await page.keyboard.type('12 Smith Street, Fitzroy', { delay: 30 });
  const fitzroy = page.getByRole('option', { name: '12 Smith Street, Fitzroy VIC 3065' });
  await expect(fitzroy).toBeVisible();
  await expect(address).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(fitzroy).toHaveAttribute('aria-selected', 'true');
  await expect(address).toHaveAttribute(
    'aria-activedescendant',
    (await fitzroy.getAttribute('id'))!,
  );
  const details = apiAnswer(page, 'GET', /^\/api\/address\/place\//);
  await page.keyboard.press('Enter');
  expect((await details).status()).toBe(200);
  await expect(address).toHaveValue('12 Smith Street, Fitzroy VIC 3065');
  await expect(address).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/$/); // Enter picked the suggestion, it did not submit

  // the radio group: Tab lands on the checked option, arrows move, Space selects
  await page.keyboard.press('Tab');
  const estimate = page.getByRole('radio', { name: 'Get an Estimate' });
  const consultation = page.getByRole('radio', { name: 'Book Consultation' });
  await expect(estimate).toBeFocused();
  await expect(estimate).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(consultation).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(estimate).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(consultation).toBeChecked();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Continue to Details' })).toBeFocused();
  const customer = apiAnswer(page, 'POST', '/api/customers');
  const link = apiAnswer(page, 'PATCH', /^\/api\/sessions\/[^/]+\/link-customer$/);
  const lead = apiAnswer(page, 'POST', '/api/leads');
  await page.keyboard.press('Enter');

  expect((await customer).status()).toBe(201);
  expect((await link).status()).toBe(200);
  const leadResponse = await lead;
  expect(leadResponse.status()).toBe(201);
  const sent = leadResponse.request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    bookingOption: 'consultation',
    contactFormData: {
      firstName: person.firstName,
      email: person.email,
      address: '12 Smith Street, Fitzroy VIC 3065',
      structuredAddress: { state: 'VIC', postcode: '3065', suburb: 'Fitzroy' },
    },
  });

  await expect(page).toHaveURL(/\/measurement$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Details' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('radio', { name: 'UV / Privacy / Heat & Glare' })).toBeVisible();
});
