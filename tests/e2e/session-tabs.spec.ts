import { expect, type Page } from '@playwright/test';
import { sessionWarningText } from '#shared/session/session-lifetime.ts';
import { sessionIdOf, test } from './booking-support';
import { field, openContact } from './support';

// Spec §4 / issue 11: several tabs of one visitor share one session and one timer. Playwright's
// clock belongs to the browser context: installed once (booking-support's page fixture), moved
// once, it moves every tab. The shared last activity lives in localStorage, so what one tab does
// reaches the other.

const warning = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Your session will expire' });

async function openWithTimer(page: Page) {
  await openContact(page);
  await field(page, 'First Name').click(); // the first interaction brings the full form and the timer
  await expect(page.locator('#session-notices')).toBeAttached();
}

test('two tabs share one session and one timer: activity in one clears the warning in the other', async ({
  page,
  context,
}) => {
  const other = await context.newPage();
  await openWithTimer(page);
  await openWithTimer(other);
  const tabs = [page, other];
  expect(await sessionIdOf(other)).toBe(await sessionIdOf(page));

  await page.clock.fastForward('55:30');
  for (const tab of tabs) await expect(warning(tab)).toContainText(sessionWarningText(5));
  // activity in the first tab (a key press) clears the warning in both
  await page.keyboard.press('Shift');
  await expect(warning(page)).toBeHidden();
  await expect(warning(other)).toBeHidden();

  // the warning shows once until it clears: dismissed in one tab, activity in the other clears
  // it, so the next idle spell warns that tab again
  await page.clock.fastForward('55:30');
  await expect(warning(other)).toBeVisible();
  await other.getByRole('button', { name: 'Dismiss' }).dispatchEvent('click');
  await expect(warning(other)).toBeHidden();
  await page.keyboard.press('Shift');
  await expect(warning(page)).toBeHidden();
  await page.clock.fastForward('55:30');
  await expect(warning(page)).toBeVisible();
  await expect(warning(other)).toContainText(sessionWarningText(5));

  // one session: it expires once, whichever tab's timer sees it first, and both tabs show it
  const firstSessionId = await sessionIdOf(page);
  const notices: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analytics/session/expired') {
      notices.push(request.postData() ?? '');
    }
  });
  await page.clock.fastForward('05:00');
  for (const tab of tabs) {
    await expect(tab.getByRole('alertdialog', { name: 'Session expired' })).toBeVisible();
  }
  const newSessionId = await sessionIdOf(page);
  expect(newSessionId).not.toBe(firstSessionId);
  await expect.poll(() => notices.length).toBe(1);
  expect(JSON.parse(notices[0]!)).toMatchObject({
    previousSessionId: firstSessionId,
    newSessionId,
  });
  // both tabs' timers have run their checks by now: still the one notice
  await page.clock.fastForward('01:30');
  expect(notices).toHaveLength(1);
});
