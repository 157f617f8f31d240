import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { expectNoViolations } from './axe';
import { freeTimeFromApi } from './booking-support';
import { adminState, staffState } from './staff-support';

// The lead detail's customer records (issue 10): one person's enquiries merged into one
// customer by staff, and an admin's privacy requests (export everything held, erase).

const announced = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** One person of our own: an e-mail and mobile number no other test uses. */
function newPerson(firstName: string): Person {
  const tag = randomUUID().slice(0, 8);
  const digits = `04${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return {
    firstName,
    lastName: `Records${tag}`,
    email: `records.${tag}@example.com`,
    phone: `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`,
  };
}

async function ok(
  res: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>,
) {
  const answer = await res;
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return (await answer.json()) as Record<string, unknown>;
}

/** An enquiry sent as the Contact step sends it (a browser session of its own), booked if asked. */
async function enquire(
  request: APIRequestContext,
  who: Person,
  options: { book: boolean },
): Promise<string> {
  const sessionId = randomUUID();
  const customer = makeCustomerInput({ ...who, sessionId });
  const { id: customerId } = (await ok(request.post('/api/customers', { data: customer })))
    .customer as { id: string };
  await ok(request.patch(`/api/sessions/${sessionId}/link-customer`, { data: { customerId } }));
  const lead = makeLeadInput({ sessionId, customerId });
  const contactFormData = { ...lead.contactFormData, ...who };
  const saved = await ok(request.post('/api/leads', { data: { ...lead, contactFormData } }));
  const leadId = (saved.lead as { id: string }).id;
  if (!options.book) return leadId;
  const details = {
    glassCount: 5,
    painPoint: 'uv-privacy',
    measurements: [{ length: 1000, width: 1000, sqm: 1 }],
  };
  await ok(request.put(`/api/sessions/${sessionId}/details`, { data: details }));
  await ok(request.post('/api/estimates', { data: { sessionId, ...details } }));
  for (let attempt = 0; ; attempt++) {
    const slot = await freeTimeFromApi(request);
    const held = await request.post('/api/holds', {
      data: { sessionId, startTime: slot.startTime },
    });
    if (held.status() === 409 && attempt < 5) continue; // another test got there first
    expect(held.status()).toBe(201);
    const { reservationId } = (await held.json()) as { reservationId: string };
    await ok(
      request.post('/api/bookings', {
        data: { sessionId, reservationId, serviceType: 'phone', idempotencyKey: randomUUID() },
      }),
    );
    return leadId;
  }
}

/** The customer's requests come from a context without the staff session. */
async function asCustomer<T>(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  work: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const request = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    return await work(request);
  } finally {
    await request.dispose();
  }
}

/** Finds the person's enquiries on /leads by e-mail and opens the newest. */
async function openNewestLead(page: Page, who: Person, expectedRows: number) {
  await page.goto(`/leads?q=${encodeURIComponent(who.email)}`);
  // a table on a wide screen, cards on a phone (the other one is hidden)
  const links = page
    .getByRole('table', { name: 'Leads' })
    .or(page.getByRole('list', { name: 'Leads' }))
    .getByRole('link', { name: new RegExp(who.lastName) });
  await expect(links).toHaveCount(expectedRows);
  await links.first().click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
}

test.describe('staff', () => {
  test.use({ storageState: staffState });

  test('two enquiries with one e-mail are merged into one customer from the lead detail', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const older = newPerson('Samantha');
    // the same person again, from another browser: same e-mail, shorter name, booked this time.
    // The first enquiry was closed as lost meanwhile, so the second is an enquiry of its own
    // (an open one would be continued: ADR 043) and the two customer records stay apart.
    const newer = { ...older, firstName: 'Sam' };
    const olderLead = await asCustomer(playwright, baseURL!, (request) =>
      enquire(request, older, { book: false }),
    );
    const lost = await page.request.patch(`/api/leads/${olderLead}`, {
      data: { stage: 'lost', lostReason: 'No answer' },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(lost.status(), await lost.text()).toBe(200);
    await asCustomer(playwright, baseURL!, (request) => enquire(request, newer, { book: true }));

    await openNewestLead(page, older, 2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sam ${older.lastName}`);
    const others = region(page, '1 other enquiry');
    await expect(others).toContainText('same e-mail, same phone');
    const open = others.getByRole('button', { name: 'Merge into one customer…' });
    await open.click();
    const dialog = page.getByRole('alertdialog', { name: 'Merge 2 customer records into one?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep them apart' })).toBeFocused();
    await expect(dialog).toContainText('This cannot be undone.');
    await expectNoViolations(page);
    // Escape changes nothing
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // by keyboard: keep the older record's details (the second choice) and merge
    await open.click();
    await expect(dialog.getByRole('radio', { name: /this lead/ })).toBeChecked();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('radio', { name: /this lead/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: new RegExp(`^Samantha`) })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Merge records' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(announced(page)).toHaveText(
      `Records merged: every enquiry now belongs to Samantha ${older.lastName}.`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Samantha ${older.lastName}`);
    await expect(others).toContainText('same customer');
    await expect(open).toBeHidden();
    // nothing lost: the booking is still there, the merge is in the timeline
    await expect(region(page, 'Bookings').getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline, newest first' })).toContainText(
      'Duplicate records merged into this customer',
    );
    await openNewestLead(page, older, 2);
  });

  test('staff see no privacy buttons, and the server refuses them the erase', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const who = newPerson('Robin');
    await asCustomer(playwright, baseURL!, (request) => enquire(request, who, { book: false }));
    await openNewestLead(page, who, 1);
    await expect(region(page, 'Contact')).toBeVisible();
    await expect(region(page, 'Privacy requests')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Erase/ })).toHaveCount(0);
    const lead = (await (
      await page.request.get(page.url().replace('/leads/', '/api/leads/'))
    ).json()) as {
      lead: { customer: { id: string } };
    };
    const refused = await page.request.post(
      `/api/admin/privacy/customers/${lead.lead.customer.id}/erase`,
      { headers: { origin: new URL(baseURL!).origin } },
    );
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'You do not have access to this.',
    );
  });
});

test.describe('admin', () => {
  test.use({ storageState: adminState });

  test('an admin exports everything held about a person, then erases them', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const who = newPerson('Jordan');
    await asCustomer(playwright, baseURL!, (request) => enquire(request, who, { book: true }));
    await openNewestLead(page, who, 1);
    const privacy = region(page, 'Privacy requests');

    const download = page.waitForEvent('download');
    await privacy.getByRole('link', { name: 'Export everything held (zip)' }).click();
    const zip = await download;
    expect(zip.suggestedFilename()).toMatch(/^person-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await zip.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes('person.json')).toBe(true);

    const name = `${who.firstName} ${who.lastName}`;
    await privacy.getByRole('button', { name: 'Erase this person…' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Erase ${name} for good?` });
    await expect(dialog).toContainText('removed from every enquiry and booking');
    await expect(dialog).toContainText('This cannot be undone');
    await expect(dialog.getByRole('button', { name: 'Keep their details' })).toBeFocused();
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: `Erase ${name}` }).click();
    await expect(dialog).toBeHidden();
    await expect(announced(page)).toHaveText('Their personal details were erased.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erased');
    await expect(privacy).toContainText('This person’s details were erased on');
    await expect(privacy.getByRole('button')).toHaveCount(0);
    // the booking stays, anonymous; nothing finds the person any more
    await expect(region(page, 'Bookings').getByText('Confirmed', { exact: true })).toBeVisible();
    await page.goto(`/leads?q=${encodeURIComponent(who.email)}`);
    await expect(page.getByText('No leads match this search and these filters.')).toBeVisible();
  });
});
