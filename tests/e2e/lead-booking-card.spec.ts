import { expect, test, type Page } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { expectNoViolationsInBothThemes } from './axe';
import { confirmBooking, expectConfirmed, holdSlot } from './booking-support';
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

// Issue 26 items 2 and 4: what the customer typed and did reaches their lead. The booking card
// shows their notes (and how they changed them), the consultant by name, the type, time and the
// visit's address; the timeline shows the customer's own steps, one entry for the visit.
test.use({ storageState: staffState });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test("a customer's notes, consultant and journey are on the lead (light and dark)", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const digits = `04${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const phone = `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;

  // the customer, in a browser of their own: 5 panes (so an onsite visit), a photo, the estimate
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const customer = await context.newPage();
  const person = makePerson({ phone, lastName: `Card${randomUUID().slice(0, 6)}` });
  await openContact(customer);
  await fillPerson(customer, person);
  await pickAddress(customer, '12 Smith Street, Fitzroy', fitzroy);
  await customer.getByRole('radio', { name: 'Get an Estimate' }).check();
  await continueButton(customer).click();
  await expect(customer).toHaveURL(/\/measurement$/);
  await fillDetails(customer, {
    panes: 5,
    sizes: [
      [1200, 900],
      [1200, 900],
      [800, 600],
      [800, 600],
      [800, 600],
    ],
  });
  await submitDetails(customer);
  await fileInput(customer).setInputFiles({
    name: 'front-window.png',
    mimeType: 'image/png',
    buffer: await photo('png', 64),
  });
  await expect(fileItem(customer, 'front-window.png')).toContainText('Uploaded', {
    timeout: 30_000,
  });
  await customer.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(customer)).toBeVisible();
  const total = (await customer
    .getByRole('rowheader', { name: 'Total', exact: true })
    .locator('xpath=following-sibling::td')
    .textContent())!.replace(' inc. GST', '');
  await customer.getByRole('link', { name: 'Continue to Booking' }).click();
  await customer.getByRole('radio', { name: /Onsite consultation/ }).check();
  const held = await holdSlot(customer);
  await customer.getByLabel('Notes for your consultant').fill('Side gate code 1234');
  await confirmBooking(customer).click();
  await expectConfirmed(customer, held);

  // then changes the notes from the confirmation's link
  const manageHref = await customer
    .getByRole('link', { name: 'Change or cancel your booking' })
    .getAttribute('href');
  await customer.goto(manageHref!);
  await customer
    .getByLabel('Notes for your consultant')
    .fill('Side gate code 4321, dog in the yard');
  const changed = customer.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/manage\/[^/]+\/reschedule$/.test(r.url()),
  );
  await customer.getByRole('button', { name: 'Confirm New Time' }).click();
  expect((await changed).status()).toBe(200);
  await context.close();

  // staff find the lead by the phone's last six digits (item 20) and open it
  await page.goto(`/leads?q=${encodeURIComponent(phone.slice(-7))}`);
  await page.getByRole('link', { name: `${person.firstName} ${person.lastName}` }).click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
  const card = region(page, 'Bookings').getByRole('listitem').first();
  await expect(card.getByRole('heading', { level: 3 })).toContainText('Onsite consultation');
  // the booking rules' name of the consultant, never their id
  await expect(card).toContainText('Consultant: Consultant');
  await expect(card).not.toContainText('staff-1');
  await expect(card.getByRole('definition').filter({ hasText: 'Smith' })).toContainText(
    '12 Smith Street',
  );
  await expect(card.getByRole('definition').filter({ hasText: 'gate' })).toHaveText(
    'Side gate code 4321, dog in the yard',
  );
  await card.getByText(/^History/).click();
  await expect(card.getByRole('listitem').filter({ hasText: 'Booked with notes' })).toContainText(
    '“Side gate code 1234” by Customer',
  );
  await expect(card.getByRole('listitem').filter({ hasText: 'Changed to' })).toContainText(
    'Changed to notes “Side gate code 4321, dog in the yard” by Customer',
  );

  // the customer's visit, one entry of the timeline
  const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
  const visit = timeline.getByRole('listitem').filter({ hasText: 'Saw the estimate' });
  await expect(visit).toHaveCount(1);
  await expect(visit).toContainText("Gave the job's details: 5 panes");
  await expect(visit).toContainText('Uploaded 1 file');
  await expect(visit).toContainText(`Saw the estimate: ${total} inc. GST`);
  await expect(visit).toContainText('Opened the booking page');
  await expect(visit).not.toContainText('Left without booking');
  await expectNoViolationsInBothThemes(page);
});
