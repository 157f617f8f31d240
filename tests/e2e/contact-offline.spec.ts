import { expect, test, type Page } from '@playwright/test';
import {
  apiAnswer,
  continueButton,
  fillPerson,
  makePerson,
  openContact,
  pickAddress,
} from './support';
import { readStored, storageKeys } from './browser-storage';

const contactCalls = /\/api\/(customers|leads|sessions\/[^/]+\/link-customer)$/;

async function submitWhileServerIsAway(page: Page) {
  const person = makePerson();
  await openContact(page);
  await fillPerson(page, person);
  await pickAddress(page, '12 Smith Street, Fitzroy', '12 Smith Street, Fitzroy VIC 3065');
  await page.route(contactCalls, (route) => route.abort('connectionrefused'));
  await continueButton(page).click();
  // spec §8: the flow continues anyway
  await expect(page).toHaveURL(/\/measurement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Details' })).toBeVisible();
  const pending = await readStored(page, storageKeys.pendingSubmissions);
  expect(pending).toContain(person.email);
  return person;
}

test('with the API unreachable the person moves on; the next start sends it', async ({ page }) => {
  const person = await submitWhileServerIsAway(page);
  await page.unroute(contactCalls);

  const customer = apiAnswer(page, 'POST', '/api/customers');
  const lead = apiAnswer(page, 'POST', '/api/leads');
  await page.reload();
  expect((await customer).status()).toBe(201);
  const leadResponse = await lead;
  expect(leadResponse.status()).toBe(201);
  expect(leadResponse.request().postDataJSON()).toMatchObject({
    contactFormData: { email: person.email },
  });
  await expect.poll(() => readStored(page, storageKeys.pendingSubmissions)).toBe('[]');
});

test('a waiting submission is sent when the browser comes back online', async ({
  page,
  context,
}) => {
  await submitWhileServerIsAway(page);
  await page.unroute(contactCalls);
  await context.setOffline(true);
  const lead = apiAnswer(page, 'POST', '/api/leads');
  await context.setOffline(false);
  expect((await lead).status()).toBe(201);
});
