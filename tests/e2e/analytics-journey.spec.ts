import { expect, test } from '@playwright/test';
import { readStored, storageKeys } from './browser-storage';
import { completeContact } from './estimate-support';
import { staffState } from './staff-support';

// Spec §4 "Journey" and §7: the steps reach the server in batches, leaving sends the rest as a
// beacon with the abandonment, and the staff report shows them; no personal text in analytics.

test('the journey is recorded step by step, abandoned on leaving, and reported to staff', async ({
  page,
  browser,
  baseURL,
}) => {
  const start = new Date(Date.now() - 60_000).toISOString();
  const sentStep = page.waitForRequest(
    (r) =>
      new URL(r.url()).pathname === '/api/analytics' &&
      (r.postData() ?? '').includes('"step":"measurement"'),
  );
  await completeContact(page);
  const sessionId = await readStored(page, storageKeys.sessionId);
  // batches leave within 5 s of their first event
  await sentStep;
  // leaving sends what is left as a beacon, with the abandonment (checked on the server below)
  await page.goto('about:blank');

  const staff = await browser.newContext({ baseURL, storageState: staffState });
  try {
    await expect
      .poll(async () => {
        const res = await staff.request.get(
          `/api/analytics?start=${encodeURIComponent(start)}&end=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
        );
        expect(res.status()).toBe(200);
        const report = (await res.json()) as {
          events: { sessionId: string; action: string; data: Record<string, unknown> | null }[];
        };
        return report.events.filter((e) => e.sessionId === sessionId);
      })
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'journey_start' }),
          expect.objectContaining({ action: 'journey_step', data: { step: 'measurement' } }),
          expect.objectContaining({ action: 'journey_abandon' }),
        ]),
      );
    const res = await staff.request.get(`/api/analytics?start=${encodeURIComponent(start)}`);
    const text = JSON.stringify(
      ((await res.json()) as { events: { sessionId: string }[] }).events.filter(
        (e) => e.sessionId === sessionId,
      ),
    );
    // field events carry lengths only for the personal fields: no e-mail, phone or address text
    expect(text).not.toMatch(/@example\.com|Smith Street/);
  } finally {
    await staff.close();
  }
  // anonymous callers get no report
  const anonymous = await page.request.get('/api/analytics', {
    headers: { cookie: '' },
  });
  expect(anonymous.status()).toBe(401);
});
