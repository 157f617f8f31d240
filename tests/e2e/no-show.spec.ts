import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { noShowFixture } from './no-show-fixture';
import { staffState } from './staff-support';

// Staff mark a past booking as a no-show on the lead (issue 13), the timeline names them, the
// dashboard counts it on the appointment's day; the mark can be taken back. One spec on one
// project: both steps change the same seeded booking (tests/e2e/no-show-fixture.ts).
test.use({ storageState: staffState });

const booking = (page: Page) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Phone consultation/ }) });

async function dashboardNoShows(page: Page) {
  const day = noShowFixture.day;
  await page.goto(`/dashboard?range=custom&from=${day}&to=${day}`);
  await expect(page.getByRole('status').filter({ hasText: /^Updated / })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Bookings', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'No-shows', exact: true }) });
  return (await row.locator('td').first().textContent())?.trim();
}

test('staff mark a past booking as a no-show, the dashboard counts it, and undo', async ({
  page,
}) => {
  await page.goto(`/leads/${noShowFixture.leadId}`);
  const card = booking(page);
  await expect(card.getByText('Past', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Mark as no-show' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked as a no-show.' })).toBeVisible();
  await expect(card.getByText('No-show', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Undo no-show' })).toBeFocused();
  const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
  const entry = timeline.getByRole('listitem').filter({ hasText: 'Marked as a no-show' });
  await expect(entry).toHaveCount(1);
  await expect(entry).not.toContainText(/Customer|System/);
  await expectNoViolations(page);

  expect(await dashboardNoShows(page)).toBe('1');

  await page.goto(`/leads/${noShowFixture.leadId}`);
  await booking(page).getByRole('button', { name: 'Undo no-show' }).click();
  await expect(booking(page).getByText('Past', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Timeline, newest first' }).getByText('No-show mark taken back'),
  ).toBeVisible();
  expect(await dashboardNoShows(page)).toBe('0');
});
