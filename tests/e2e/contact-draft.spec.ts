import { expect, test } from '@playwright/test';
import {
  addressBox,
  apiAnswer,
  continueButton,
  field,
  fillPerson,
  makePerson,
  openContact,
  pickAddress,
} from './support';
import { readStored, storageKeys, writeStored } from './browser-storage';

test('typed values and the chosen address come back after a reload', async ({ page }) => {
  const person = makePerson({ firstName: 'Mia', lastName: 'Nguyen' });
  await openContact(page);
  await fillPerson(page, person);
  await pickAddress(page, '12 Smith Street, Fitzroy', '12 Smith Street, Fitzroy VIC 3065');
  await page.getByRole('radio', { name: 'Book Consultation' }).check();
  // autosave runs 500 ms after the last edit
  await expect.poll(() => readStored(page, storageKeys.contactDraft)).toContain('consultation');

  await page.reload();
  await expect(field(page, 'First Name')).toHaveValue('Mia');
  await expect(field(page, 'Last Name')).toHaveValue('Nguyen');
  await expect(field(page, 'Email Address')).toHaveValue(person.email);
  await expect(field(page, 'Phone Number')).toHaveValue(person.phone);
  await expect(addressBox(page)).toHaveValue('12 Smith Street, Fitzroy VIC 3065');
  await expect(page.getByRole('radio', { name: 'Book Consultation' })).toBeChecked();

  // the restored pick still counts: no need to search again
  const lead = apiAnswer(page, 'POST', '/api/leads');
  await continueButton(page).click();
  const sent = (await lead).request().postDataJSON() as { contactFormData: unknown };
  expect(sent.contactFormData).toMatchObject({
    structuredAddress: { placeId: expect.any(String), state: 'VIC' },
  });
  await expect(page).toHaveURL(/\/measurement$/);
});

test('an untouched form saves nothing; a legacy Victorian address is trusted', async ({ page }) => {
  await page.clock.install();
  await openContact(page);
  await field(page, 'First Name').fill('Al');
  await field(page, 'First Name').fill('');
  // the full form is in (its session timer loads with it): before it, the autosave does not exist
  // yet, and the full form arriving after the draft below would take over the typed '' instead
  await expect(page.locator('#session-notices')).toBeAttached();
  // past the autosave's 500 ms on the page's clock: its timer has run when this returns
  await page.clock.runFor(800);
  expect(await readStored(page, storageKeys.contactDraft)).toBeNull();

  // a draft from before suggestions existed: text only, no place id
  const person = makePerson();
  const values = {
    ...person,
    address: '7 Old Mill Lane, Ballarat VIC 3350',
    bookingOption: 'estimate',
  };
  await writeStored(page, storageKeys.contactDraft, { values, chosen: null });
  await page.reload();
  await expect(addressBox(page)).toHaveValue('7 Old Mill Lane, Ballarat VIC 3350');
  const lead = apiAnswer(page, 'POST', '/api/leads');
  await continueButton(page).click();
  expect((await lead).status()).toBe(201);
  await expect(page).toHaveURL(/\/measurement$/);
});
