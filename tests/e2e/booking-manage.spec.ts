import { expect, test } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import {
  bookThroughApi,
  calendarReady,
  confirmBooking,
  expectConfirmed,
  holdSlot,
  melbourneDate,
  melbourneRange,
  showDay,
  slotButton,
} from './booking-support';
import { completeContact } from './estimate-support';

const notFound = 'We could not find that booking. Please check the link in your confirmation.';

test('an unknown or missing token shows Booking Not Found, with no axe violations', async ({
  page,
}) => {
  await page.goto('/reschedule?token=no-such-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
  await expect(page.getByText(notFound)).toBeVisible();
  await expectNoViolationsInBothThemes(page);
  await page.goto('/reschedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make a new booking' })).toHaveAttribute('href', '/');
});

test('a cancelled booking says so, and offers no changes', async ({ page, request }) => {
  const { manageToken, booking } = await bookThroughApi(request);
  expect((await request.post(`/api/manage/${manageToken}/cancel`)).status()).toBe(200);
  await page.goto(`/reschedule?token=${manageToken}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Cancelled' })).toBeVisible();
  await expect(page.getByText('This booking has been cancelled.')).toBeVisible();
  await expect(
    page.getByText(melbourneRange(booking.timeSlot.startTime, booking.timeSlot.endTime)),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(page.getByRole('grid')).toHaveCount(0);
});

test('a booking that has started shows that it can no longer change', async ({ page }) => {
  // the e2e server runs on the real clock, so the past is played by the answer itself
  const start = '2026-01-05T09:00:00+11:00';
  const end = '2026-01-05T09:30:00+11:00';
  await page.route('**/api/manage/started-token', (route) =>
    route.fulfill({
      json: {
        booking: {
          id: '5f0f7a52-3c1e-4d4b-9a57-0c3c2b1a0d9e',
          customerId: null,
          staffId: 'staff-1',
          serviceType: 'phone',
          date: '2026-01-05',
          timeSlot: {
            id: 'x',
            startTime: start,
            endTime: end,
            available: false,
            staffId: 'staff-1',
          },
          status: 'confirmed',
          notes: null,
          measurements: null,
          estimatedPrice: null,
          promoCode: null,
          trakJobId: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
        customer: { firstName: 'Jane' },
        status: 'confirmed',
        startsAt: 'Monday 5 January 2026, 9:00 am',
        canChange: false,
      },
    }),
  );
  await page.goto('/reschedule?token=started-token');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Booking Already Started' }),
  ).toBeVisible();
  await expect(
    page.getByText('This booking has already started, so it can no longer be changed.'),
  ).toBeVisible();
  await expect(page.getByText(melbourneRange(start, end))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
});

test('a cancelled time can be booked by another customer', async ({ page, browser, request }) => {
  const { manageToken, booking } = await bookThroughApi(request);
  const { startTime } = booking.timeSlot;
  await page.goto(`/reschedule?token=${manageToken}`);
  await calendarReady(page);

  // the dialog keeps Tab inside: Keep booking → Yes → back to Keep booking
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  const keep = dialog.getByRole('button', { name: 'Keep booking' });
  const yes = dialog.getByRole('button', { name: 'Yes, cancel booking' });
  await expect(keep).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(yes).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(yes).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Cancelled' })).toBeVisible();

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const second = await other.newPage();
    await completeContact(second, 'Book Consultation');
    await second.goto('/booking');
    await calendarReady(second);
    await showDay(second, melbourneDate(startTime));
    const freed = await slotButton(second, startTime);
    await expect(freed).toBeEnabled();
    await holdSlot(second, freed);
    await confirmBooking(second).click();
    await expectConfirmed(second, booking.timeSlot);
  } finally {
    await other.close();
  }
});
