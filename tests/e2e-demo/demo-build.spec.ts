import { expect, test, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectNoViolationsInBothThemes } from '#tests/e2e/axe.ts';
import {
  bookingHeading,
  confirmBooking,
  freeSlots,
  melbourneRange,
  slotGroup,
} from '#tests/e2e/booking-support.ts';
import {
  completeContact,
  detailsContinue,
  estimateHeading,
  filesHeading,
  fileInput,
  fillDetails,
  photo,
} from '#tests/e2e/estimate-support.ts';

// The static demo build (issue 14, ADR 026) on a file server with no API: a customer books,
// reschedules, and the same browser's /leads shows the booking, with not one request to /api.

const root = join(import.meta.dirname, '..', '..');
// a Monday morning in Melbourne, so the calendar has the same open times on every run
const monday = '2026-11-23T09:00:00+11:00';

/** Holds the first free time of the day shown; returns its start and end as the page shows it. */
async function holdFirstFree(page: Page) {
  await expect(slotGroup(page)).toBeVisible();
  const slot = freeSlots(page).first();
  const label = (await slot.getAttribute('aria-label')) ?? (await slot.innerText());
  await slot.click();
  await expect(page.getByText('We are holding')).toBeVisible();
  return label;
}

test('the whole customer flow, a reschedule and the demo /leads, with no request to /api', async ({
  page,
}) => {
  test.slow();
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api')) apiCalls.push(request.url());
  });
  await page.clock.install({ time: Date.parse(monday) });

  await page.goto('/');
  await expect(page.getByRole('note').filter({ hasText: 'Demo — nothing is sent' })).toBeVisible();
  // Contact: the built-in booking options, address suggestions from the gazetteer chunk
  await completeContact(page);

  await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
  await detailsContinue(page).click();
  await expect(filesHeading(page)).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
  // the server's pricing: 5 panes of 1 m² at $45 and a 15-minute round trip to Fitzroy at $52/h
  await expect(page.getByText('$238.00 inc. GST').first()).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Booking' }).click();
  await expect(bookingHeading(page)).toBeVisible();

  // the type first: onsite times depend on the drive (issue 28)
  await page.getByRole('radio', { name: /Onsite consultation/ }).check();
  const held = await holdFirstFree(page);
  await confirmBooking(page).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  await expect(page.getByText('Your onsite consultation is booked.')).toBeVisible();
  // nothing was e-mailed, so the page does not say so
  await expect(page.getByText(/e-mailed your confirmation/)).toHaveCount(0);
  // on the hour the 1 h lead time has already closed 10:00 (as on the server)
  expect(held).toMatch(/^10:30 am/);

  // the booking is kept in this browser: a reload still shows it, and its manage link works
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Change or cancel your booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Booking' })).toBeVisible();
  const first = { start: '2026-11-23T10:30:00+11:00', end: '2026-11-23T11:00:00+11:00' };
  await expect(page.getByText(melbourneRange(first.start, first.end))).toBeVisible();
  // 10:30 is now this booking's: the first free time is 11:00
  await holdFirstFree(page);
  await page.getByRole('button', { name: 'Confirm New Time' }).click();
  const moved = melbourneRange('2026-11-23T11:00:00+11:00', '2026-11-23T11:30:00+11:00');
  await expect(page.getByText(`Your booking is now on ${moved}.`)).toBeVisible();

  // the staff side of the same browser: no sign-in, the demo's own lead and booking
  await page.goto('/leads');
  const lead = page.getByRole('link', { name: /Jane Citizen/ }).first();
  await expect(lead).toBeVisible();
  await lead.click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /Jane Citizen/ })).toBeVisible();
  await expect(page.getByText('12 Smith Street, Fitzroy VIC 3065').first()).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Demo — nothing is sent' })).toBeVisible();

  expect(apiCalls).toEqual([]);
});

test('the staff side shows the demo: a price set in /settings, a photo and a booking', async ({
  page,
}) => {
  test.slow();
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api')) apiCalls.push(request.url());
  });
  await page.clock.install({ time: Date.parse(monday) });

  // /settings: no sign-in; the price per m² of UV / Privacy is kept in this browser
  await page.goto('/settings');
  await expect(
    page.getByRole('note').filter({ hasText: 'Demo: changes here are kept' }),
  ).toBeVisible();
  const pricing = page.getByRole('form', { name: 'Pricing' });
  await pricing.getByLabel('UV / Privacy / Heat & Glare ($ per m²)').fill('90');
  await pricing.getByRole('button', { name: 'Save' }).click();
  await expect(pricing.getByText('Saved.')).toBeVisible();
  // what the demo cannot do, it says in place of the section's form
  await expect(page.getByText('Not in the demo: it sends no text messages')).toBeVisible();
  // and of the feature switches, the two that would change nothing here say so too
  for (const name of ['Form-completion webhook', 'Seasonal promotions']) {
    await expect(page.getByRole('checkbox', { name })).toHaveAccessibleDescription(
      /Not in the demo: it has no promotions and sends nothing\.$/,
    );
  }
  await expect(
    page.getByRole('checkbox', { name: 'Calendar view' }),
  ).not.toHaveAccessibleDescription(/Not in the demo/);

  // the customer side of the same browser prices with it, and keeps the photo
  await page.goto('/');
  await completeContact(page);
  await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
  await detailsContinue(page).click();
  await expect(filesHeading(page)).toBeVisible();
  await fileInput(page).setInputFiles({
    name: 'window.png',
    mimeType: 'image/png',
    buffer: await photo('png'),
  });
  const preview = page.getByRole('img', { name: 'Preview of window.png' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty('naturalWidth', 24);
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
  // 5 panes of 1 m² at $90 (was $45: $238.00) and the same $13.00 of travel
  await expect(page.getByText('$463.00 inc. GST').first()).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Booking' }).click();
  await expect(bookingHeading(page)).toBeVisible();
  await holdFirstFree(page);
  await page.getByRole('radio', { name: /Phone consultation/ }).check();
  await confirmBooking(page).click();
  await expect(page).toHaveURL(/\/confirmation$/);

  // /dashboard counts this browser's visit, enquiry, estimate and booking
  await page.goto('/dashboard');
  const card = (label: string) =>
    page
      .getByRole('list', { name: 'Headline figures' })
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('p')
      .nth(1);
  await expect(card('Bookings made')).toHaveText('1');
  await expect(card('Enquiries')).toHaveText('1');
  await expect(card('Estimates given')).toContainText('$463');

  // the lead's page shows the photo kept in this browser
  await page.goto('/leads');
  await page
    .getByRole('link', { name: /Jane Citizen/ })
    .first()
    .click();
  // decoded from the bytes kept in IndexedDB (the 24 px test photo)
  const thumbnail = page.getByRole('img', { name: 'Open photo 1: window.png' });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveJSProperty('naturalWidth', 24);

  expect(apiCalls).toEqual([]);
});

/** Nothing lies over the control: the topmost element at its centre is the control itself. */
async function expectUncovered(page: Page, name: string | RegExp, role: 'button' | 'link') {
  const control = page.getByRole(role, { name }).last();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(control).toBeInViewport();
  const ribbon = await page
    .getByRole('note')
    .filter({ hasText: 'Demo — nothing is sent' })
    .boundingBox();
  const box = (await control.boundingBox())!;
  const overlaps =
    ribbon !== null &&
    ribbon.y < box.y + box.height &&
    box.y < ribbon.y + ribbon.height &&
    ribbon.x < box.x + box.width &&
    box.x < ribbon.x + ribbon.width;
  expect(overlaps, `the demo ribbon covers "${String(name)}"`).toBe(false);
  const onTop = await control.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop, `something lies over "${String(name)}"`).toBe(true);
}

// Issue 26 item 18: on a phone the fixed ribbon sat over "Continue…" on every step, even
// scrolled to the bottom. It must never cover content.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the demo ribbon covers no step's main button, in either theme", async ({ page }) => {
    test.slow();
    await page.clock.install({ time: Date.parse(monday) });
    await page.goto('/');
    const ribbon = page.getByRole('note').filter({ hasText: 'Demo — nothing is sent' });
    await expect(ribbon).toBeVisible();
    await expectNoViolationsInBothThemes(page);
    await expectUncovered(page, 'Continue to Details', 'button');
    await completeContact(page);
    await expectUncovered(page, 'Continue to Files', 'button');
    await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
    await detailsContinue(page).click();
    await expect(filesHeading(page)).toBeVisible();
    await expectUncovered(page, 'Continue to Estimate', 'link');
    await page.getByRole('link', { name: 'Continue to Estimate' }).click();
    await expect(estimateHeading(page)).toBeVisible();
    await expect(page.getByText('$238.00 inc. GST').first()).toBeVisible();
    await expectUncovered(page, 'Continue to Booking', 'link');
    await page.getByRole('link', { name: 'Continue to Booking' }).click();
    await expect(bookingHeading(page)).toBeVisible();
    await holdFirstFree(page);
    await expectUncovered(page, 'Confirm Booking', 'button');
    // and in the dark theme the ribbon is still a readable note
    await expectNoViolationsInBothThemes(page);
  });
});

async function scripts(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  return (await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))).join('\n');
}

test('the production bundle carries none of the demo code', async () => {
  // the demo's IndexedDB store name and its refusal text: in the demo build, in no normal one
  const markers = ['tintbook-demo', 'The demo shows the data kept in this browser only.'];
  const demo = await scripts(join(root, 'dist-demo', 'assets'));
  const production = await scripts(join(root, 'dist', 'web', 'assets'));
  for (const marker of markers) {
    expect(demo).toContain(marker);
    expect(production).not.toContain(marker);
  }
  // nor the gazetteer chunk, nor the ribbon
  const productionHtml = await readFile(join(root, 'dist', 'web', 'index.html'), 'utf8');
  expect(productionHtml).not.toContain('Demo — nothing is sent');
  expect((await readdir(join(root, 'dist', 'web', 'assets'))).join()).not.toContain('gazetteer');
});
