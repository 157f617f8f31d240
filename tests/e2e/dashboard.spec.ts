import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { expectNoViolationsInBothThemes } from './axe';
import { freeTimeFromApi } from './booking-support';
import { staffState } from './staff-support';

// /dashboard (issue 13) as the owner uses it: a customer from an ad of their own books, and the
// dashboard counts them in that source and in the funnel; its tables hold the cards' numbers.
// Other specs make leads at the same time, so totals are compared as "at least one more" and
// the exact figures are read from a source no other spec uses.
test.use({ storageState: staffState });

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });
const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const funnelName = 'Funnel: people at each step, conversion and drop-off';
const funnelTable = (page: Page) => table(page, funnelName);

/** The cells of a table's row (its header cell first), as text. */
async function rowOf(page: Page, tableName: string, rowName: string) {
  const row = table(page, tableName)
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: rowName, exact: true }),
    });
  await expect(row).toHaveCount(1);
  return row.locator('th, td').allTextContents();
}
const asNumber = (text: string | undefined) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

async function loaded(page: Page, path: string) {
  await page.goto(path);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Updated / })).toBeVisible();
}

/** People at each funnel step, read from the funnel's table. */
async function funnel(page: Page) {
  const steps = ['Visitors', 'Contact submitted', 'Details given', 'Estimate seen', 'Booked'];
  const counts: Record<string, number> = {};
  for (const step of steps) counts[step] = asNumber((await rowOf(page, funnelName, step))[1]);
  return counts;
}

/** A customer from `source` books a phone consultation, as the pages would (their own context). */
async function customerBooks(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  source: string,
) {
  const request: APIRequestContext = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const ok = async (answer: Promise<{ status(): number; text(): Promise<string> }>) => {
    const res = await answer;
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res as unknown as { json(): Promise<Record<string, unknown>> };
  };
  try {
    const sessionId = randomUUID();
    const person = makeCustomerInput({ sessionId });
    const customer = await (await ok(request.post('/api/customers', { data: person }))).json();
    const customerId = (customer.customer as { id: string }).id;
    await ok(request.patch(`/api/sessions/${sessionId}/link-customer`, { data: { customerId } }));
    const lead = makeLeadInput(
      { sessionId, customerId },
      {
        utm: { source, medium: 'cpc', campaign: 'dashboard' },
        landingPage: `/?utm_source=${source}&utm_medium=cpc&utm_campaign=dashboard`,
      },
    );
    await ok(request.post('/api/leads', { data: lead }));
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
      if (held.status() === 409 && attempt < 5) continue; // another spec got there first
      expect(held.status()).toBe(201);
      const { reservationId } = (await held.json()) as { reservationId: string };
      await ok(
        request.post('/api/bookings', {
          data: { sessionId, reservationId, serviceType: 'phone', idempotencyKey: randomUUID() },
        }),
      );
      return;
    }
  } finally {
    await request.dispose();
  }
}

test('a booking shows up in its source and the funnel; the tables match the cards', async ({
  page,
  playwright,
  baseURL,
}) => {
  const source = `dash${randomUUID().slice(0, 8)}`;
  await loaded(page, '/dashboard?range=30d');
  const before = await funnel(page);
  await expect(table(page, 'Leads by source').getByRole('rowheader', { name: source })).toHaveCount(
    0,
  );

  await customerBooks(playwright, baseURL!, source);
  await loaded(page, '/dashboard?range=30d');
  const after = await funnel(page);
  for (const step of ['Contact submitted', 'Details given', 'Estimate seen', 'Booked']) {
    expect(after[step], step).toBeGreaterThanOrEqual(before[step]! + 1);
  }
  // the source of the ad: exactly this customer, booked
  const [, leads, , booked] = await rowOf(page, 'Leads by source', source);
  expect([asNumber(leads), asNumber(booked)]).toEqual([1, 1]);

  // the cards hold the tables' numbers
  const card = (label: string) =>
    page
      .getByRole('list', { name: 'Headline figures' })
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('p')
      .nth(1);
  const [, enquiries] = await rowOf(page, funnelName, 'Contact submitted');
  await expect(card('Enquiries')).toHaveText(enquiries!);
  const [, visitors] = await rowOf(page, funnelName, 'Visitors');
  await expect(card('Visitors')).toHaveText(visitors!);
  const [, made] = await rowOf(page, 'Bookings', 'Bookings made');
  await expect(card('Bookings made')).toHaveText(made!);

  // the table is one tap away, with the same numbers
  const funnelPanel = page.getByRole('region', { name: 'Funnel' });
  await funnelPanel.getByRole('button', { name: 'Show as table' }).click();
  await expect(funnelPanel.getByRole('button', { name: 'Show as table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(funnelTable(page)).toBeVisible();

  // a click on the source opens its leads: this one customer
  await page
    .getByRole('region', { name: 'Leads by source' })
    .getByRole('link', { name: source, exact: true })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/leads\\?source=${source}&from=\\d{4}-\\d{2}-\\d{2}&to=`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^1 lead$/ })).toBeVisible();
  // the list applied the link's filters: the source field holds it
  await expect(page.locator('#leads-source')).toHaveValue(source);
});

test('the range presets live in the URL, and a funnel step opens its leads', async ({
  page,
  playwright,
  baseURL,
}) => {
  await customerBooks(playwright, baseURL!, `dash${randomUUID().slice(0, 8)}`);
  await loaded(page, '/dashboard');
  const range = page.getByRole('navigation', { name: 'Date range' });
  await expect(range.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await range.getByRole('link', { name: 'This month' }).click();
  await expect(page).toHaveURL(/\/dashboard\?range=month$/);
  await range.getByRole('link', { name: 'Custom' }).click();
  await page.getByLabel('From').fill('2026-01-01');
  await page.getByLabel('To').fill('2026-01-31');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/range=custom&from=2026-01-01&to=2026-01-31$/);
  await expect(page.getByText(/^1 Jan – 31 Jan, beside/)).toBeVisible();

  await loaded(page, '/dashboard?range=30d');
  await page
    .getByRole('region', { name: 'Funnel' })
    .getByRole('link', { name: 'Booked', exact: true })
    .click();
  await expect(page).toHaveURL(/\/leads\?stage=booked&from=/);
  await expect(
    page.getByRole('navigation', { name: 'Stages' }).locator('[aria-current="page"]'),
  ).toContainText('Booked');
  // the list holds only booked leads (the customer above is one of them)
  const rows = page.getByRole('table', { name: 'Leads', exact: true }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await rows.filter({ hasText: 'Booked' }).count()).toBe(await rows.count());
});

// both themes at each stop of one visit: a visit per theme loaded the same dashboard twice
test('the dashboard has no axe violations (light and dark) @phone', async ({ page }) => {
  await loaded(page, '/dashboard?range=30d');
  await expectNoViolationsInBothThemes(page);
  await page
    .getByRole('region', { name: 'The next 14 days' })
    .getByRole('button', { name: 'Show as table' })
    .click();
  await expectNoViolationsInBothThemes(page);
});

test('at 320 px nothing reaches past the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await loaded(page, '/dashboard?range=30d');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
