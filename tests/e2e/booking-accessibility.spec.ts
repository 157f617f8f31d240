import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { calendarReady, confirmBooking, holdSlot } from './booking-support';
import { completeContact, fillDetails, submitDetails } from './estimate-support';

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: /booking, /confirmation and /reschedule have no axe violations`, async ({
    page,
  }) => {
    test.slow();
    await page.emulateMedia({ colorScheme: scheme });
    await completeContact(page, 'Book Consultation');
    await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
    await submitDetails(page);
    await page.goto('/booking');
    await calendarReady(page);
    await expect(page.getByRole('radio', { name: /Onsite consultation/ })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(
      scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expectNoViolations(page);

    // with the error summary, then with a hold
    await confirmBooking(page).click();
    await expect(page.getByRole('alert').first()).toBeFocused();
    await expectNoViolations(page);
    await holdSlot(page);
    await page.getByRole('radio', { name: /Phone consultation/ }).check();
    await expectNoViolations(page);

    await confirmBooking(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
    await expectNoViolations(page);

    await page.getByRole('link', { name: 'Change or cancel your booking' }).click();
    await calendarReady(page);
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoViolations(page);
  });
}

test('the Booking Not Found screen has no axe violations', async ({ page }) => {
  await page.goto('/reschedule?token=nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
  await expectNoViolations(page);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: /booking with the calendar view off has no axe violations (issue 15 item 16)`, async ({
    page,
  }) => {
    await page.route('**/api/settings', async (route) => {
      const response = await route.fetch();
      const settings = await response.json();
      settings.toggles = { ...settings.toggles, calendar_view_enabled: false };
      await route.fulfill({ response, json: settings });
    });
    await page.emulateMedia({ colorScheme: scheme });
    await completeContact(page, 'Book Consultation');
    await fillDetails(page, { panes: 2, sizes: [[1000, 1000]] });
    await submitDetails(page);
    await page.goto('/booking');
    await expect(page.getByRole('heading', { name: 'Next available times' })).toBeVisible();
    await expectNoViolations(page);
    // the two themes run side by side on one server: each holds a time of its own
    const groups = page.getByRole('group', { name: /^\w+ \d{1,2} \w+$/ });
    const time = (scheme === 'light' ? groups.first() : groups.last()).getByRole('button');
    const mine = scheme === 'light' ? time.first() : time.last();
    await mine.click();
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    await expectNoViolations(page);
  });
}
