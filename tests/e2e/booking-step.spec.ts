import { expect } from '@playwright/test';
import {
  bookingHeading,
  calendar,
  calendarReady,
  confirmBooking,
  expectConfirmed,
  freeSlots,
  melbourneDate,
  selectedDay,
  slotButton,
  slotGroup,
  test,
  turnCalendarViewOff,
} from './booking-support';
import { completeContact, fillDetails, submitDetails } from './estimate-support';
import { contactTitle, tabTo } from './support';

test('without the Contact step, /booking sends the customer back to /', async ({ page }) => {
  await page.goto('/booking');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
});

test('confirming without a time or a consultation type lists the spec messages', async ({
  page,
}) => {
  await completeContact(page, 'Book Consultation');
  await fillDetails(page, { panes: 6, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.goto('/booking');
  await calendarReady(page);
  // 6 panes: phone and onsite are both offered, neither chosen for the customer
  await expect(page.getByRole('radio', { name: /Onsite consultation/ })).toBeVisible();

  await confirmBooking(page).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following:' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Please select a time slot',
    'Please select a booking option',
  ]);
  await expect(page.getByRole('group', { name: 'Consultation type' })).toHaveAccessibleDescription(
    /Please select a booking option/,
  );
  await summary.getByRole('link', { name: 'Please select a booking option' }).click();
  await expect(page.getByRole('radio', { name: /Phone consultation/ })).toBeFocused();
  await summary.getByRole('link', { name: 'Please select a time slot' }).click();
  await expect(slotGroup(page)).toBeFocused();
});

test('a small job is offered a phone consultation, and says why', async ({ page }) => {
  await completeContact(page, 'Book Consultation');
  await fillDetails(page, { panes: 2, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.goto('/booking');
  await expect(bookingHeading(page)).toBeVisible();
  await expect(page.getByRole('radio', { name: /Phone consultation/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Onsite consultation/ })).toHaveCount(0);
  await expect(
    page.getByText(
      'Onsite visits are for jobs of at least 5 panes; yours has 2 panes, so we offer you a phone consultation.',
    ),
  ).toBeVisible();
});

test('the calendar and the times work from the keyboard @every-clock', async ({ page }) => {
  await completeContact(page, 'Book Consultation');
  await page.goto('/booking');
  await calendarReady(page);
  const chosen = selectedDay(page);
  const chosenId = (await chosen.getAttribute('id'))!;
  await tabTo(page, chosen);

  // one tab stop; arrows move by day and week, Home and End to the ends of the week
  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
  // one button a day, closed days too: "day-2026-11-23", "day-2026-11-24", …
  const ids = await calendar(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.id));
  // the grid starts today, and the page and the server agree which day that is
  const pageNow = await page.evaluate(() => Date.now());
  expect(ids[0]).toBe(`day-${melbourneDate(new Date(pageNow).toISOString())}`);
  const at = ids.indexOf(chosenId);
  await page.keyboard.press('ArrowRight');
  expect(await focusedId()).toBe(ids[at + 1]);
  await page.keyboard.press('ArrowLeft');
  expect(await focusedId()).toBe(chosenId);
  await page.keyboard.press('ArrowDown');
  expect(await focusedId()).toBe(ids[Math.min(at + 7, ids.length - 1)]);
  await page.keyboard.press('ArrowUp');

  // Home and End: the Monday and the Sunday of the focused day's week, or the grid's first or
  // last day when the grid starts (today) or ends (the horizon) within that week
  const from = ids.indexOf(await focusedId());
  const sinceMonday = (new Date(`${ids[from]!.slice(4)}T12:00:00Z`).getUTCDay() + 6) % 7;
  const weekStart = ids[Math.max(from - sinceMonday, 0)]!;
  const weekEnd = ids[Math.min(from + 6 - sinceMonday, ids.length - 1)]!;
  // (the names agree: the days the grid does not cut off are a Monday and a Sunday)
  if (weekStart !== ids[0]) {
    await expect(page.locator(`#${weekStart}`)).toHaveAttribute('aria-label', /^Monday /);
  }
  if (weekEnd !== ids.at(-1)) {
    await expect(page.locator(`#${weekEnd}`)).toHaveAttribute('aria-label', /^Sunday /);
  }
  await page.keyboard.press('End');
  expect(await focusedId()).toBe(weekEnd);
  await page.keyboard.press('Home');
  expect(await focusedId()).toBe(weekStart);

  // the next open day, chosen with Enter
  await page.locator(`#${chosenId}`).focus();
  let target = chosenId;
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('ArrowRight');
    target = await focusedId();
    if ((await page.locator(`#${target}`).getAttribute('aria-disabled')) !== 'true') break;
  }
  await page.keyboard.press('Enter');
  await expect(page.locator(`#${target}`)).toHaveAttribute('aria-pressed', 'true');
  const day = (await page.locator(`#${target}`).getAttribute('aria-label'))!;
  await expect(page.getByRole('heading', { name: `Times on ${day}` })).toBeVisible();

  // a time with Space; phone is the only choice here, so Confirm with Enter
  const slot = freeSlots(page).first();
  await tabTo(page, slot);
  const held = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/holds');
  await page.keyboard.press('Space');
  const answer = await held;
  expect(answer.status()).toBe(201);
  const hold = (await answer.json()) as { startTime: string; endTime: string };
  await expect(await slotButton(page, hold.startTime)).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, confirmBooking(page), 40);
  await page.keyboard.press('Enter');
  await expectConfirmed(page, hold);
});

test('with the calendar view off, /booking lists the next free times grouped by day (issue 15 item 16) @every-clock', async ({
  page,
}) => {
  await turnCalendarViewOff(page);
  await completeContact(page, 'Book Consultation');
  await fillDetails(page, { panes: 2, sizes: [[1000, 1000]] });
  await submitDetails(page);
  await page.goto('/booking');
  await expect(page.getByRole('heading', { level: 2, name: 'Next available times' })).toBeVisible();
  await expect(calendar(page)).toHaveCount(0);
  const dayGroups = page.getByRole('group', { name: /^\w+ \d{1,2} \w+$/ });
  await expect(dayGroups.first()).toBeVisible();
  const count = await dayGroups.count();
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(5);
  // free times only: nothing marked unavailable
  await expect(page.getByRole('button', { name: /Unavailable/ })).toHaveCount(0);

  const first = dayGroups.first().getByRole('button').first();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/is held for you/).first()).toBeAttached();
});
