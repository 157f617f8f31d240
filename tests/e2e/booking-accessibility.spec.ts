import { expect, test } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import { calendarReady, confirmBooking, holdSlot, turnCalendarViewOff } from './booking-support';
import { completeContact, fillDetails, submitDetails } from './estimate-support';

// Each stop is checked in both themes on the one walk (the walk is the same for both; walking it
// once per theme doubled the test's time for nothing more checked).
test('light and dark theme: /booking, /confirmation and /reschedule have no axe violations', async ({
  page,
}) => {
  test.slow();
  await completeContact(page, 'Book Consultation');
  await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.goto('/booking');
  await calendarReady(page);
  await expect(page.getByRole('radio', { name: /Onsite consultation/ })).toBeVisible();
  await expectNoViolationsInBothThemes(page);

  // with the error summary, then with a hold
  await confirmBooking(page).click();
  await expect(page.getByRole('alert').first()).toBeFocused();
  await expectNoViolationsInBothThemes(page);
  await holdSlot(page);
  await page.getByRole('radio', { name: /Phone consultation/ }).check();
  await expectNoViolationsInBothThemes(page);

  await confirmBooking(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  await expectNoViolationsInBothThemes(page);

  await page.getByRole('link', { name: 'Change or cancel your booking' }).click();
  await calendarReady(page);
  await expectNoViolationsInBothThemes(page);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoViolationsInBothThemes(page);
});

// Booking Not Found: axe in booking-manage.spec.ts, on the visit that checks the screen

test('light and dark theme: /booking with the calendar view off has no axe violations (issue 15 item 16)', async ({
  page,
}) => {
  await turnCalendarViewOff(page);
  await completeContact(page, 'Book Consultation');
  await fillDetails(page, { panes: 2, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'Next available times' })).toBeVisible();
  await expectNoViolationsInBothThemes(page);
  // one hold, checked in both themes. (A test per theme ran side by side on one server, each
  // holding a time of its own, first and last; one test needs one time, and no other test on
  // this server lists the times without the calendar. The tests of that list itself, in
  // booking-step.spec.ts, run on the fixed-clock servers.)
  const groups = page.getByRole('group', { name: /^\w+ \d{1,2} \w+$/ });
  const mine = groups.first().getByRole('button').first();
  await mine.click();
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  await expectNoViolationsInBothThemes(page);
});
