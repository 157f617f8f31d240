import { expect } from '@playwright/test';
import {
  confirmBooking,
  expectConfirmed,
  holdSlot,
  icsUtc,
  type HeldSlot,
  melbourneRange,
  test,
  walkToBooking,
} from './booking-support';
import { readStored, storageKeys } from './browser-storage';
import { waitForMail } from './mail-inbox';

// Issue 12: the confirmation e-mail really leaves (to the run's SMTP server, tests/e2e/mail-sink.ts)
// and its manage link is enough on its own: opened in a browser that never saw the booking.

/** The address the customer typed on Contact, as this browser saved it. */
async function typedEmail(page: Parameters<typeof readStored>[0]): Promise<string> {
  const draft = JSON.parse((await readStored(page, storageKeys.contactDraft)) ?? '{}') as {
    values?: { email?: string };
  };
  expect(draft.values?.email).toMatch(/@example\.com$/);
  return draft.values!.email!;
}

/** The "Change or cancel your booking" button of the HTML part, as a reader would click it. */
function manageLinkOf(html: string): string {
  const match = /<a href="([^"]+)"[^>]*>Change or cancel your booking<\/a>/.exec(html);
  expect(match, 'the manage link in the HTML part').not.toBeNull();
  return match![1]!.replaceAll('&amp;', '&');
}

test('the confirmation is e-mailed, and its manage link moves the booking in a fresh browser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await walkToBooking(page, { panes: 1 });
  const email = await typedEmail(page);
  const first = await holdSlot(page);
  await confirmBooking(page).click();
  await expectConfirmed(page, first);
  await expect(page.getByText(`We've e-mailed your confirmation to ${email}.`)).toBeVisible();

  const mail = await waitForMail(email, 'Booking confirmed');
  const invitation = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  const ics = invitation?.content.toString('utf8') ?? '';
  expect(ics).toContain('METHOD:REQUEST');
  expect(ics).toContain(`DTSTART:${icsUtc(first.startTime)}`);
  const link = manageLinkOf(typeof mail.html === 'string' ? mail.html : '');
  expect(link.startsWith(`${baseURL}/reschedule?token=`)).toBe(true);
  expect(mail.text).toContain(link);

  // a browser with nothing of the booking: no local storage, no cookies
  const fresh = await browser.newContext({ baseURL });
  let second: HeldSlot;
  try {
    expect((await fresh.storageState()).origins).toEqual([]);
    const other = await fresh.newPage();
    await other.goto(link);
    await expect(
      other.getByRole('heading', { level: 1, name: 'Reschedule Booking' }),
    ).toBeVisible();
    await expect(other.getByText(melbourneRange(first.startTime, first.endTime))).toBeVisible();

    second = await holdSlot(other);
    await other.getByRole('button', { name: 'Confirm New Time' }).click();
    const moved = melbourneRange(second.startTime, second.endTime);
    await expect(other.getByText(`Your booking is now on ${moved}.`)).toBeFocused();
  } finally {
    await fresh.close();
  }

  // the move is e-mailed too, updating the same calendar entry
  const update = await waitForMail(email, 'Booking moved');
  const updated = update.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  const uid = (text: string) => /\r\nUID:([^\r\n]+)/.exec(text)?.[1];
  expect(updated?.content.toString('utf8')).toContain(`DTSTART:${icsUtc(second.startTime)}`);
  expect(uid(updated?.content.toString('utf8') ?? '')).toBe(uid(ics));
});
