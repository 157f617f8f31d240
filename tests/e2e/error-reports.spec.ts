import { expect, test, type Page, type Request } from '@playwright/test';
import { fitzroy } from './estimate-support';
import { continueButton, field, fillPerson, makePerson, openContact, pickAddress } from './support';

// Spec §8 and §9 (issue 26 item 5): failures are reported from the very first request, before the
// lazily loaded analytics code has started, and a Contact submit that fails is an abandonment.

type Sent = { action: string; data?: Record<string, unknown> };

/** The events of every batch the page sends to /api/analytics from now on. */
function collectEvents(page: Page): Sent[] {
  const events: Sent[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/analytics') return;
    const body = request.postDataJSON() as { events?: Sent[] } | null;
    events.push(...(body?.events ?? []));
  });
  return events;
}

test('a /api/settings failure at start is reported as api_request_failed', async ({ page }) => {
  await page.route('**/api/settings', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Down' } } }),
  );
  const events = collectEvents(page);
  await openContact(page); // the built-in defaults stand in (spec §8)
  // the first interaction loads the full form, the session timer and analytics with it
  await field(page, 'First Name').fill('Jane');
  await expect
    .poll(() => events.filter((e) => e.action === 'api_request_failed'), { timeout: 20_000 })
    .toEqual([expect.objectContaining({ data: { path: '/api/settings', status: 503 } })]);
});

test('a Contact submit that fails is recorded as abandonment; the person stays on the form', async ({
  page,
}) => {
  const events = collectEvents(page);
  await openContact(page);
  await fillPerson(page, makePerson());
  await pickAddress(page, '12 Smith Street, Fitzroy', fitzroy);
  await page.getByRole('radio', { name: 'Get an Estimate' }).check();
  await page.route('**/api/customers', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          // refused (a 5xx is the server away: the flow goes on and the outbox sends it later)
          status: 429,
          json: { error: { code: 'RATE_LIMITED', message: 'Too many requests. Try again soon.' } },
        })
      : route.fallback(),
  );
  await continueButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many requests.' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() => events.filter((e) => e.action === 'journey_abandon'), { timeout: 20_000 })
    .toEqual([expect.objectContaining({ data: { reason: 'contact_submit_failed', status: 429 } })]);
  expect(events).toContainEqual(
    expect.objectContaining({
      action: 'api_request_failed',
      data: { path: '/api/customers', status: 429 },
    }),
  );
});
