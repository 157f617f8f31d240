import { expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  bookingHeading,
  confirmBooking,
  holdSlot,
  icsUtc,
  melbourneDate,
  melbourneRange,
  selectedDay,
  sessionIdOf,
  showDay,
  slotButton,
  walkToBooking,
  test,
} from './booking-support';
import { readStored, storageKeys } from './browser-storage';

test('Contact → Details → Files → Estimate → Booking → Confirmation; the manage link moves, then cancels @phone', async ({
  page,
}) => {
  // the whole journey and both changes, on a busy machine
  test.slow();
  await walkToBooking(page, { panes: 5 });
  await expect(bookingHeading(page)).toBeFocused();

  // the first open day is chosen for the customer: the server's next booking date
  const { nextBookingDate } = (await (
    await page.request.get('/api/trak/next-booking-date')
  ).json()) as { nextBookingDate: string };
  await expect(selectedDay(page)).toHaveAttribute('id', `day-${nextBookingDate}`);

  const first = await holdSlot(page);
  await expect(page.getByRole('timer')).toHaveText(/^(10:00|9:[0-5]\d)$/);
  // 5 panes: an onsite visit is offered
  await page.getByRole('radio', { name: /Onsite consultation/ }).check();
  const sessionBefore = await sessionIdOf(page);

  const completed = page.waitForResponse((r) =>
    r.url().endsWith('/api/analytics/session/completed'),
  );
  await confirmBooking(page).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeFocused();
  const when = melbourneRange(first.startTime, first.endTime);
  await expect(page.getByText(when)).toBeVisible();
  await expect(page.getByText('Your onsite consultation is booked.')).toBeVisible();
  await expect(page.getByText('$238.00 inc. GST')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();

  // spec §4: a fresh session keeping only the UTM data, and the server is told
  expect((await completed).status()).toBe(200);
  expect(await sessionIdOf(page)).not.toBe(sessionBefore);
  expect(await readStored(page, storageKeys.contactDraft)).toBeNull();

  // the calendar file carries the booked Melbourne time in UTC
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Add to calendar/ }).click();
  const ics = await readFile(await (await download).path(), 'utf8');
  expect(ics).toContain(`DTSTART:${icsUtc(first.startTime)}\r\n`);
  expect(ics).toContain(`DTEND:${icsUtc(first.endTime)}\r\n`);
  expect(ics).toMatch(/\r\nUID:[0-9a-f-]{36}@tintbook\r\n/);
  const google = page.getByRole('link', { name: /^Add to Google Calendar/ });
  const href = new URL((await google.getAttribute('href'))!);
  expect(href.searchParams.get('dates')).toBe(
    `${icsUtc(first.startTime)}/${icsUtc(first.endTime)}`,
  );

  // a reload keeps the confirmation (and its manage link)
  await page.reload();
  await expect(page.getByText(when)).toBeVisible();

  await page.getByRole('link', { name: 'Change or cancel your booking' }).click();
  await expect(page).toHaveURL(/\/reschedule\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Booking' })).toBeVisible();
  await expect(page.getByText(when)).toBeVisible();

  // move it to another time
  await showDay(page, melbourneDate(first.startTime));
  await expect(await slotButton(page, first.startTime)).toBeDisabled();
  const second = await holdSlot(page);
  await page.getByRole('button', { name: 'Confirm New Time' }).click();
  const moved = melbourneRange(second.startTime, second.endTime);
  await expect(page.getByText(`Your booking is now on ${moved}.`)).toBeFocused();

  // the time it left is free again
  await showDay(page, melbourneDate(first.startTime));
  await expect(await slotButton(page, first.startTime)).toBeEnabled();

  // cancel: asked first; Escape keeps the booking
  const cancel = page.getByRole('button', { name: 'Cancel booking' });
  await cancel.click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await cancel.click();
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Cancelled' })).toBeVisible();
  await expect(page.getByText('This booking has been cancelled.')).toBeFocused();
  await expect(page.getByText(moved)).toBeVisible();

  // the link keeps saying so
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Cancelled' })).toBeVisible();
});
