import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { consultantCalendarMessages as m } from '#shared/admin/consultant-calendar.contract.ts';
import {
  startRadicale,
  type RadicaleServer,
} from '#tests/helpers/protocol-servers/radicale-server.ts';
import { expectNoViolationsInBothThemes } from './axe';
import { adminState } from './staff-support';

// Issue 29: a consultant's own calendar in Settings › Consultants. The app checks a CalDAV
// calendar against a real Radicale before saving it (a wrong password is refused on its input),
// shows the last-sync line, and makes the feed's address once, with Copy. The consultant made
// here takes no bookings, so the other specs' calendars stay as they expect.
test.use({ storageState: adminState });

let radicale: RadicaleServer;
test.beforeAll(async () => {
  radicale = await startRadicale();
});
test.afterAll(async () => {
  await radicale?.close();
});

const section = (page: Page) => page.getByRole('region', { name: 'Consultants' });

async function newConsultant(page: Page, name: string) {
  await page.goto('/trak-settings#consultants');
  await section(page).getByRole('button', { name: 'New consultant' }).click();
  const form = section(page).getByRole('form', { name: 'New consultant' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Takes bookings').uncheck();
  await form.getByRole('button', { name: 'Save consultant' }).click();
  await expect(section(page).getByRole('status').first()).toHaveText(`${name} saved.`);
  return section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('@phone connect a CalDAV calendar (a wrong password first), make the feed, disconnect', async ({
  page,
}) => {
  const name = `Cal ${randomInt(10_000, 99_999)}`;
  const calendarUrl = await radicale.makeCalendar(`e2e-${randomInt(1e6, 9e6)}`);
  const card = await newConsultant(page, name);
  const calendar = card.getByRole('region', { name: `Calendar of ${name}` });
  await expect(calendar).toContainText('No calendar connected');

  await calendar.getByRole('button', { name: 'Connect a calendar' }).click();
  const form = calendar.getByRole('form', { name: `Connect ${name}'s calendar` });
  await expect(form.getByLabel('CalDAV (iCloud, Fastmail, Nextcloud, Radicale)')).toBeChecked();
  await form.getByLabel('Calendar address (CalDAV URL)').fill(calendarUrl);
  await form.getByLabel('User name').fill(radicale.username);
  await form.getByRole('textbox', { name: 'App password' }).fill('not-the-password');
  await form.getByRole('button', { name: 'Check and connect' }).click();

  const summary = form.getByRole('alert').first();
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(m.unauthorized);
  await expect(form.getByRole('textbox', { name: 'App password' })).toHaveAccessibleDescription(
    new RegExp(m.unauthorized.slice(0, 40)),
  );
  await expectNoViolationsInBothThemes(page);

  // keyboard: the summary's link takes focus to the password, which is typed again
  await summary.getByRole('link', { name: m.unauthorized }).click();
  await expect(form.getByRole('textbox', { name: 'App password' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(radicale.password);
  await page.keyboard.press('Enter');
  await expect(calendar.getByRole('status').last()).toHaveText('Calendar connected.');
  await expect(calendar).toContainText(
    `CalDAV calendar: ${calendarUrl} (user ${radicale.username})`,
  );
  await expect(calendar).toContainText('Not synced yet');
  await expect(calendar).not.toContainText(radicale.password);
  await calendar.getByRole('button', { name: 'Refresh now' }).click();
  await expect(calendar.getByRole('status').last()).toHaveText('Refreshed.');

  // the feed: shown once, with Copy, and the address works
  await calendar.getByRole('button', { name: 'Make a feed address' }).click();
  const address = calendar.getByLabel('Feed address (shown only now)');
  await expect(address).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  const feedUrl = await address.inputValue();
  const feed = await page.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);
  await calendar.getByRole('button', { name: 'Copy' }).click();
  await expect(calendar.getByRole('status').first()).toHaveText(/copied|selected/);
  await expect(calendar).toContainText('Google Calendar');
  await expectNoViolationsInBothThemes(page);

  // after a reload the address is gone for good; revoking it needs a confirmation
  await page.reload();
  const again = section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByRole('region', { name: `Calendar of ${name}` });
  await expect(again.getByLabel('Feed address (shown only now)')).toHaveCount(0);
  await expect(again).toContainText(`CalDAV calendar: ${calendarUrl}`);
  await again.getByRole('button', { name: 'Revoke the feed' }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke the feed?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(again.getByRole('status').first()).toHaveText(/Feed revoked/);
  expect((await page.request.get(feedUrl)).status()).toBe(404);

  await again.getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByRole('alertdialog', { name: `Disconnect ${name}'s calendar?` })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(again).toContainText('No calendar connected');

  // tidy up: the consultant goes
  await section(page)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await page
    .getByRole('alertdialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(section(page).getByRole('heading', { name, exact: true })).toHaveCount(0);
});
