import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { expectNoViolationsInBothThemes } from './axe';
import { staffState } from './staff-support';

// ADR 043: a customer who comes back in another browser session continues their open lead. The
// list marks the lead "Came back"; the lead shows what they typed differently, and staff may
// accept it (nothing is written over the stored customer without them).
test.use({ storageState: staffState });

const announced = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });

/** One browser session's Contact step, as the browser sends it. */
async function contact(request: APIRequestContext, person: ReturnType<typeof makeCustomerInput>) {
  const sessionId = randomUUID();
  const customer = await request.post('/api/customers', { data: { ...person, sessionId } });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = ((await customer.json()) as { customer: { id: string } }).customer.id;
  await request.patch(`/api/sessions/${sessionId}/link-customer`, { data: { customerId } });
  const lead = makeLeadInput({ sessionId, customerId });
  const { firstName, lastName, email, phone, address } = person;
  const sent = await request.post('/api/leads', {
    data: { ...lead, contactFormData: { firstName, lastName, email, phone, address } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

test('the list marks a lead the customer came back to; its page shows what they typed and takes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = `returning.${randomUUID().slice(0, 8)}@example.com`;
  const customer = await playwright.request.newContext({
    baseURL: baseURL!,
    storageState: { cookies: [], origins: [] },
  });
  try {
    await contact(customer, makeCustomerInput({ email, firstName: 'Ruth', lastName: 'Rowe' }));
    await contact(
      customer,
      makeCustomerInput({ email, firstName: 'Ruthie', lastName: 'Rowe', phone: '0422 333 444' }),
    );
  } finally {
    await customer.dispose();
  }

  await page.goto(`/leads?q=${encodeURIComponent(email)}`);
  const rows = page.getByRole('row').filter({ hasText: 'Ruth Rowe' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Came back');
  await expectNoViolationsInBothThemes(page);

  await rows.first().getByRole('link', { name: 'Ruth Rowe' }).click();
  const visits = page.getByRole('region', { name: 'Came back once' });
  await expect(visits).toBeVisible();
  const typed = visits.getByRole('table');
  await expect(typed.getByRole('row', { name: /Name/ })).toContainText('Ruthie Rowe');
  await expect(typed.getByRole('row', { name: /Phone/ })).toContainText('+61422333444');
  await expectNoViolationsInBothThemes(page);

  await visits.getByRole('button', { name: 'Use these details' }).click();
  await expect(announced(page)).toHaveText(/Contact details updated from the later visit/);
  await expect(visits).toContainText('Details accepted by');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ruthie Rowe');
});
