import { expect, test, type Browser, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expectNoViolations, expectNoViolationsInBothThemes } from './axe';
import {
  bookThroughApi,
  confirmBooking,
  expectConfirmed,
  holdSlot,
  melbourneRange,
} from './booking-support';
import {
  estimateHeading,
  fileInput,
  fileItem,
  fillDetails,
  fitzroy,
  photo,
  submitDetails,
} from './estimate-support';
import { staffState } from './staff-support';
import { continueButton, fillPerson, makePerson, openContact, pickAddress } from './support';

// /leads and /leads/:id (issue 10) as staff use them: the lead of a real booking found by its
// phone number on a phone, worked from its page, and the list's view kept in the URL.
test.use({ storageState: staffState });

const leadsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Leads' });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const announced = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The list's visible count ("1 lead", "Showing 25 of 132 leads"). */
const shownCount = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });

/**
 * A lead booked through the API by a customer: a context of its own, without the staff
 * session (a signed-in request from outside the app's pages is refused as cross-site).
 */
async function bookedLead(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const email = `leads.${randomUUID().slice(0, 8)}@example.com`;
  const customer = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    await bookThroughApi(customer, 5, email);
  } finally {
    await customer.dispose();
  }
  return email;
}

/** A mobile number of our own ("04xx xxx xxx"): the factories' shared one matches every lead. */
function uniquePhone(): { typed: string; digits: string } {
  const digits = `04${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return { typed: `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`, digits };
}

/**
 * A customer's whole journey in a browser of their own: Contact, Details (3 panes, 2 measured),
 * a photo, the Estimate (its total kept) and a booked time. Returns what staff should then see.
 */
async function customerBooks(browser: Browser, baseURL: string, phone: string) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const person = makePerson({ phone, lastName: `Lead${randomUUID().slice(0, 6)}` });
  await openContact(page);
  await fillPerson(page, person);
  await pickAddress(page, '12 Smith Street, Fitzroy', fitzroy);
  await page.getByRole('radio', { name: 'Get an Estimate' }).check();
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/measurement$/);

  await fillDetails(page, {
    panes: 3,
    sizes: [
      [1200, 900],
      [800, 600],
    ],
  });
  await submitDetails(page);
  await fileInput(page).setInputFiles({
    name: 'front-window.png',
    mimeType: 'image/png',
    buffer: await photo('png', 64),
  });
  await expect(fileItem(page, 'front-window.png')).toContainText('Uploaded', { timeout: 30_000 });

  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
  const totalCell = page
    .getByRole('rowheader', { name: 'Total', exact: true })
    .locator('xpath=following-sibling::td');
  const total = (await totalCell.textContent())!.replace(' inc. GST', '');
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);

  await page.getByRole('link', { name: 'Continue to Booking' }).click();
  const held = await holdSlot(page);
  await confirmBooking(page).click();
  await expectConfirmed(page, held);
  const manageHref = await page
    .getByRole('link', { name: 'Change or cancel your booking' })
    .getAttribute('href');
  return {
    page,
    context,
    name: `${person.firstName} ${person.lastName}`,
    total,
    when: melbourneRange(held.startTime, held.endTime),
    manageHref: manageHref!,
  };
}

test('staff find a booked lead by phone at 390 px and work it: note, job id, reschedule', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const phone = uniquePhone();
  const customer = await customerBooks(browser, baseURL!, phone.typed);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/leads');
  await expect(leadsHeading(page)).toBeVisible();
  // typed another way than the customer did: the server compares digits
  await search(page).fill(`+61${phone.digits.slice(1)}`);
  await expect(page).toHaveURL(/[?&]q=%2B61/);
  const cards = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(shownCount(page, '1 lead')).toBeVisible();
  await expect(cards.first()).toContainText(phone.typed);
  await expect(cards.first()).toContainText('Booked');
  await expectNoViolations(page);

  await cards.first().getByRole('link', { name: customer.name }).click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeFocused();
  await expect(page.getByRole('link', { name: `Call ${phone.typed}` })).toHaveAttribute(
    'href',
    `tel:+61${phone.digits.slice(1)}`,
  );
  await expect(page.getByRole('link', { name: /^Directions/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=12\+Smith/,
  );

  // the job, the estimate as the customer saw it, the booking
  const job = region(page, 'The job');
  await expect(job.getByRole('cell', { name: '1,200 × 900' })).toBeVisible();
  await expect(job.getByRole('cell', { name: '800 × 600' })).toBeVisible();
  await expect(region(page, 'Estimate')).toContainText(`Total ${customer.total} inc. GST`);
  const bookings = region(page, 'Bookings');
  await expect(bookings.getByRole('heading', { level: 3 })).toContainText(customer.when);
  await expect(bookings.getByText('Confirmed', { exact: true })).toBeVisible();

  // the photo opens large in a dialog; Escape gives focus back to its thumbnail
  const thumbnail = page.getByRole('button', { name: 'Open photo 1: front-window.png' });
  await thumbnail.click();
  const lightbox = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(lightbox).toBeVisible();
  const large = lightbox.getByRole('img', { name: 'front-window.png' });
  await expect
    .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(thumbnail).toBeFocused();
  await expectNoViolations(page);

  // a note goes to the top of the timeline
  const note = `Called back, wants the front room first ${randomUUID().slice(0, 6)}`;
  await page.getByLabel('Add a note').fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(announced(page)).toHaveText('Note added to the timeline.');
  const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText(note);
  await expect(page.getByLabel('Add a note')).toHaveValue('');

  // the job tracker's id on the booking
  const jobId = `JOB-${randomInt(1000, 9999)}`;
  await bookings.getByLabel('Job id').fill(jobId);
  await bookings.getByRole('button', { name: 'Save job id' }).click();
  await expect(announced(page)).toHaveText(`Job id ${jobId} saved.`);

  // reschedule for the customer, to the first free time offered
  await bookings.getByRole('button', { name: 'Reschedule' }).click();
  const form = bookings.getByRole('form', { name: 'Reschedule' });
  await expect(form.getByLabel('New day')).toBeFocused();
  const moved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/bookings\/[^/]+\/reschedule$/.test(r.url()),
  );
  await form.getByRole('button', { name: 'Move the booking' }).click();
  const answer = await moved;
  expect(answer.status(), await answer.text()).toBe(200);
  const { booking } = (await answer.json()) as {
    booking: { timeSlot: { startTime: string; endTime: string } };
  };
  const newWhen = melbourneRange(booking.timeSlot.startTime, booking.timeSlot.endTime);
  expect(newWhen).not.toBe(customer.when);
  await expect(announced(page)).toHaveText(`Booking moved to ${newWhen}.`);
  await expect(bookings.getByRole('heading', { level: 3 })).toContainText(newWhen);
  await expect(bookings.getByRole('heading', { level: 3 })).toBeFocused();

  // all of it kept: after a reload the job id is still there and the note in the timeline
  await page.reload();
  await expect(region(page, 'Bookings').getByLabel('Job id')).toHaveValue(jobId);
  await expect(timeline).toContainText(note);

  // the customer's own link shows the new time
  await customer.page.goto(customer.manageHref);
  await expect(
    customer.page.getByRole('heading', { level: 1, name: 'Reschedule Booking' }),
  ).toBeVisible();
  await expect(customer.page.getByText(newWhen)).toBeVisible();
  await customer.context.close();
});

test('the list keeps search and stage in the URL: back and forward walk the views', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = await bookedLead(playwright, baseURL!);
  await page.goto('/leads');
  await expect(leadsHeading(page)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leads' })).toBeVisible();

  await search(page).fill(email);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(email)}`));
  const rows = page.getByRole('table', { name: 'Leads' }).getByRole('rowheader');
  await expect(rows).toHaveCount(1);
  await expect(shownCount(page, '1 lead')).toBeVisible();
  // the export follows the view: this search's one lead
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export to CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const rowsOut = (await readFile((await csv.path())!, 'utf8')).trim().split(/\r?\n/);
  expect(rowsOut).toHaveLength(2);
  expect(rowsOut[1]).toContain(email);
  const stages = page.getByRole('navigation', { name: 'Stages' });
  await expect(stages.getByRole('link', { name: 'Booked 1 lead' })).toBeVisible();

  await stages.getByRole('link', { name: /^Booked/ }).click();
  await expect(page).toHaveURL(/stage=booked/);
  await expect(stages.getByRole('link', { name: /^Booked/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(rows).toHaveCount(1);
  await stages.getByRole('link', { name: /^Quoted/ }).click();
  await expect(page.getByText('No leads match this search and these filters.')).toBeVisible();

  // a shared link opens the same view
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByRole('searchbox', { name: 'Search' })).toHaveValue(email);
  await expect(
    other.getByRole('navigation', { name: 'Stages' }).getByRole('link', { name: /^Quoted/ }),
  ).toHaveAttribute('aria-current', 'page');
  await other.close();

  await page.goBack();
  await expect(page).toHaveURL(/stage=booked/);
  await expect(rows).toHaveCount(1);
  await page.goBack();
  await expect(page).not.toHaveURL(/stage=/);
  await expect(search(page)).toHaveValue(email);
  await page.goBack();
  await expect(page).toHaveURL(/\/leads$/);
  await expect(search(page)).toHaveValue('');
  await page.goForward();
  await expect(search(page)).toHaveValue(email);
});

test('Lost asks why before the stage changes; Escape keeps the stage', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = await bookedLead(playwright, baseURL!);
  await page.goto(`/leads?q=${encodeURIComponent(email)}`);
  await page.getByRole('table', { name: 'Leads' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);

  const lost = page.getByRole('button', { name: 'Lost', exact: true });
  await lost.click();
  const dialog = page.getByRole('dialog', { name: 'Mark this lead as lost' });
  await expect(dialog.getByLabel('Why was it lost?')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(lost).toBeFocused();
  await expect(lost).toHaveAttribute('aria-pressed', 'false');

  await lost.click();
  await dialog.getByRole('button', { name: 'Mark as lost' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please say why the lead was lost.');
  await dialog.getByLabel('Why was it lost?').fill('Went with another installer');
  await dialog.getByRole('button', { name: 'Mark as lost' }).click();
  await expect(dialog).toBeHidden();
  await expect(announced(page)).toHaveText('Stage changed to Lost.');
  await expect(lost).toHaveAttribute('aria-pressed', 'true');
  await expect(lost).toBeFocused();
  await expect(page.getByText('Went with another installer').first()).toBeVisible();

  // status in one tap, too
  await page.getByRole('button', { name: 'Contacted', exact: true }).click();
  await expect(announced(page)).toHaveText('Status changed to Contacted.');
});

// both themes at each stop of one walk: a walk per theme booked a lead and loaded both screens
// twice for the same checks
test('the list and a lead have no axe violations (light and dark)', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = await bookedLead(playwright, baseURL!);
  await page.goto('/leads');
  await expect(
    page.getByRole('table', { name: 'Leads' }).getByRole('rowheader').first(),
  ).toBeVisible();
  await page.getByText(/^More filters/).click();
  await expect(page.getByLabel('Booking', { exact: true })).toBeVisible();
  await expectNoViolationsInBothThemes(page);

  await page.goto(`/leads?q=${encodeURIComponent(email)}`);
  await page.getByRole('table', { name: 'Leads' }).getByRole('link').first().click();
  await expect(region(page, 'Bookings')).toBeVisible();
  await expectNoViolationsInBothThemes(page);
});

test('at 320 px the list and a lead fit the screen', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const email = await bookedLead(playwright, baseURL!);
  // nothing of the screen (the site header is the shell's, not measured here) reaches past its
  // right edge; on failure, the elements that stick out are named
  const widest = () =>
    page.locator('#main').evaluate((main) => {
      const out = [main, ...main.querySelectorAll('*')]
        // the stage tabs scroll sideways inside their own strip, by design
        .filter((e) => e.getBoundingClientRect().right > 320.5 && !e.closest('[data-scrolls]'))
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 80));
      return { width: main.scrollWidth, out: out.slice(0, 5) };
    });

  await page.goto(`/leads?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('list', { name: 'Leads' }).getByRole('listitem')).toHaveCount(1);
  expect(await widest()).toEqual({ width: 320, out: [] });
  await page.getByRole('list', { name: 'Leads' }).getByRole('link').first().click();
  // the lead's own address first (the click went through), then its page, loaded on demand
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
  await expect(region(page, 'Bookings')).toBeVisible();
  expect(await widest()).toEqual({ width: 320, out: [] });
});
