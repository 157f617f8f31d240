import { expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoViolations } from './axe';
import {
  bookingHeading,
  calendar,
  calendarReady,
  confirmBooking,
  freeSlots,
  slotGroup,
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

test('Contact → Details → Files → Estimate → Booking → Confirmation; the manage link moves, then cancels @phone @every-clock', async ({
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

  // 5 panes: an onsite visit is offered, chosen before the time (its times depend on the drive)
  await page.getByRole('radio', { name: /Onsite consultation/ }).check();
  const first = await holdSlot(page);
  await expect(page.getByRole('timer')).toHaveText(/^(10:00|9:[0-5]\d)$/);
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

test('reschedule opens on the booked day, changes type and notes, and offers the updated .ics with the same UID (issue 15 item 3) @every-clock', async ({
  page,
}) => {
  test.slow();
  await walkToBooking(page, { panes: 5 });
  await calendarReady(page);
  // the last open day: never the day a calendar opens on by default
  await calendar(page).getByRole('button', { disabled: false }).last().click();
  const count = await freeSlots(page).count();
  const booked = await holdSlot(page, freeSlots(page).nth(Math.floor(Math.random() * count)));
  await page.getByRole('radio', { name: /Phone consultation/ }).check();
  await page.getByLabel(/Notes for your consultant/).fill('Call after 10 please');
  await confirmBooking(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  const firstFile = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Add to calendar/ }).click();
  const original = await readFile(await (await firstFile).path(), 'utf8');
  const uid = /\r\nUID:([^\r]+)\r\n/.exec(original)?.[1];
  expect(uid).toMatch(/^[0-9a-f-]{36}@tintbook$/);
  expect(original).toContain('\r\nSEQUENCE:0\r\n');

  await page.getByRole('link', { name: 'Change or cancel your booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Booking' })).toBeVisible();
  await calendarReady(page);
  // the booked day is the one open, its time marked
  await expect(selectedDay(page)).toHaveAttribute('id', `day-${melbourneDate(booked.startTime)}`);
  await expect(slotGroup(page).getByText('Your booking')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Phone consultation/ })).toBeChecked();
  await expect(page.getByLabel(/Notes for your consultant/)).toHaveValue('Call after 10 please');

  // a new time, onsite instead of phone, other notes: one confirmation
  await page.getByRole('radio', { name: /Onsite consultation/ }).check();
  const moved = await holdSlot(page);
  await page.getByLabel(/Notes for your consultant/).fill('Side gate is open');
  await page.getByRole('button', { name: 'Confirm New Time' }).click();
  const when = melbourneRange(moved.startTime, moved.endTime);
  await expect(page.getByText(`Your booking is now on ${when}.`)).toBeFocused();
  await expect(page.getByText('Onsite consultation', { exact: false }).first()).toBeVisible();

  const newFile = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Add to calendar/ }).click();
  const updated = await readFile(await (await newFile).path(), 'utf8');
  expect(updated).toContain(`\r\nUID:${uid}\r\n`);
  const sequence = Number(/\r\nSEQUENCE:(\d+)\r\n/.exec(updated)?.[1]);
  expect(sequence).toBeGreaterThan(0);
  expect(updated).toContain(`DTSTART:${icsUtc(moved.startTime)}\r\n`);
  expect(updated).toContain(`DTEND:${icsUtc(moved.endTime)}\r\n`);
  expect(updated).toMatch(/SUMMARY:Window tinting onsite consultation/);
  const google = page.getByRole('link', { name: /^Add to Google Calendar/ });
  const href = new URL((await google.getAttribute('href'))!);
  expect(href.searchParams.get('dates')).toBe(
    `${icsUtc(moved.startTime)}/${icsUtc(moved.endTime)}`,
  );

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(
      scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expectNoViolations(page);
  }

  // kept by the server: the link shows the new type and notes
  await page.reload();
  await calendarReady(page);
  await expect(selectedDay(page)).toHaveAttribute('id', `day-${melbourneDate(moved.startTime)}`);
  await expect(page.getByRole('radio', { name: /Onsite consultation/ })).toBeChecked();
  await expect(page.getByLabel(/Notes for your consultant/)).toHaveValue('Side gate is open');
});
