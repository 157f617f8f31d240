import { expect, type Page } from '@playwright/test';
import { sessionExpiredText, sessionWarningText } from '#shared/session/session-lifetime.ts';
import { readStored, storageKeys } from './browser-storage';
import {
  holdSlot,
  melbourneDate,
  sessionIdOf,
  test,
  walkToBooking,
  type HeldSlot,
} from './booking-support';
import { field } from './support';

// Spec §4 "Session lifetime" on the page's clock: the server's clock runs on in real time, so
// the page's own timing (its fallback, and the sooner of the two) brings the warning and expiry.

async function freeForOthers(page: Page, hold: HeldSlot): Promise<boolean> {
  const date = melbourneDate(hold.startTime);
  const res = await page.request.get(`/api/availability?from=${date}&to=${date}`);
  const { days } = (await res.json()) as {
    days: { slots: { startTime: string; available: boolean }[] }[];
  };
  return days[0]!.slots.some(
    (slot) => Date.parse(slot.startTime) === Date.parse(hold.startTime) && slot.available,
  );
}

// one instant is enough (untagged: it runs at the first of the booking clocks only)
test('warns at 55 minutes, Stay Active clears it; at 60 the session expires keeping the details, not the slot', async ({
  page,
}) => {
  await walkToBooking(page);
  const hold = await holdSlot(page);
  const firstSessionId = await sessionIdOf(page);
  await expect(page.locator('#session-notices')).toBeAttached();

  const detailsBefore = JSON.parse(
    (await readStored(page, storageKeys.detailsSaved)) ?? 'null',
  ) as {
    details: { measurements: unknown[] };
  };
  await page.clock.fastForward('55:30');
  const warning = page.getByRole('alert').filter({ hasText: 'Your session will expire' });
  await expect(warning).toHaveText(new RegExp(escape(sessionWarningText(5))));
  await expect(page.getByRole('button', { name: 'Stay Active' })).toBeFocused();
  // a click with no pointer movement: moving a real pointer there is activity already, and
  // would clear the warning before the press
  await page.getByRole('button', { name: 'Stay Active' }).dispatchEvent('click');
  await expect(warning).toBeHidden();

  const notice = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/analytics/session/expired',
  );
  await page.clock.fastForward('01:00:30');
  const dialog = page.getByRole('alertdialog', { name: 'Session expired' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(sessionExpiredText);
  await expect(dialog).toContainText('booking date and time');
  // the server has the notice: the old session's held slot is free again
  const answer = await notice;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({
    previousSessionId: firstSessionId,
    sessionExpired: true,
    releasedHolds: 1,
  });
  expect(await freeForOthers(page, hold)).toBe(true);

  await dialog.getByRole('button', { name: 'Continue Booking' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const newSessionId = await sessionIdOf(page);
  expect(newSessionId).not.toBe(firstSessionId);
  // contact details and measurements stay (the details now belong to the new session)
  await expect(field(page, 'First Name')).not.toHaveValue('');
  await expect(field(page, 'Email Address')).not.toHaveValue('');
  const saved = JSON.parse((await readStored(page, storageKeys.detailsSaved)) ?? 'null') as {
    sessionId: string;
    details: { measurements: unknown[] };
  } | null;
  expect(saved?.sessionId).toBe(newSessionId);
  expect(saved?.details.measurements).toEqual(detailsBefore.details.measurements);
  // the chosen slot does not: the booking step starts with nothing picked
  await page.goto('/booking');
  await expect(page.getByText('We are holding')).toBeHidden();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
