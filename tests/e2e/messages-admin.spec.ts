import { expect, test, type Page } from '@playwright/test';
import { messagesMessages } from '#shared/admin/messages.contract.ts';
import { expectNoViolationsInBothThemes } from './axe';
import { bookThroughApi } from './booking-support';
import { refusedAddress } from './mail-sink';
import { adminState } from './staff-support';

// Settings → Messages against the real worker: the main e2e server sends e-mail to the run's
// SMTP server (tests/e2e/mail-sink.ts), which accepts everything except `refused.…` mailboxes.
test.use({ storageState: adminState });

const messages = (page: Page) => page.getByRole('region', { name: 'Messages', exact: true });
const list = (page: Page) => messages(page).getByRole('list', { name: 'Messages, newest first' });
const row = (page: Page, text: string) =>
  list(page).getByRole('listitem').filter({ hasText: text });
const announced = (page: Page) => messages(page).getByRole('status');

/** Once the filtered list is in (not the last one kept while it loads): every row matches. */
async function expectEveryRow(page: Page, pattern: RegExp) {
  await expect(async () => {
    await expect(messages(page).locator('[aria-busy="true"]')).toHaveCount(0);
    const rows = await list(page).getByRole('listitem').allTextContents();
    for (const text of rows) expect(text).toMatch(pattern);
  }).toPass();
}

async function openMessages(page: Page) {
  await page.goto('/settings#messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expect(messages(page).getByRole('group', { name: 'By state' })).toBeVisible();
}

test('a test e-mail shows in the list and is sent; the filters narrow the list', async ({
  page,
}) => {
  await openMessages(page);
  await messages(page).getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(announced(page)).toHaveText(messagesMessages.testQueued);

  // the newest test e-mail is this one (no other spec sends tests); its row refreshes by itself
  const test = row(page, 'Test (E-mail)').first();
  await expect(test).toBeVisible();
  await expect(test.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(test.getByText(/^Sent \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m$/)).toBeVisible();
  await expect(test.getByText('Logged only (no provider set up)')).toHaveCount(0);

  const state = messages(page).getByLabel('State', { exact: true });
  const channel = messages(page).getByLabel('Channel', { exact: true });
  await channel.selectOption({ label: 'E-mail' });
  await state.selectOption({ label: 'Sent' });
  await expectEveryRow(page, /\(E-mail\)Sent/);
  await expect(test).toBeVisible();
  await channel.selectOption({ label: 'Text message' });
  await state.selectOption({ label: 'All states' });
  await expectEveryRow(page, /\(Text message\)/);
  await expect(row(page, 'Test (E-mail)')).toHaveCount(0);
  await channel.selectOption({ label: 'All channels' });
  await expect(test).toBeVisible();
});

test('a message refused for good shows its error, and Retry sends it again', async ({
  page,
  playwright,
  baseURL,
}) => {
  const to = refusedAddress();
  // booked as a customer: without the admin's session cookie (this file's storageState)
  const customer = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    await bookThroughApi(customer, 5, to);
  } finally {
    await customer.dispose();
  }
  await openMessages(page);
  const state = messages(page).getByLabel('State', { exact: true });
  await messages(page).getByLabel('Channel', { exact: true }).selectOption({ label: 'E-mail' });

  // on its way, then refused: the list follows without a reload
  const refused = row(page, to).filter({ hasText: 'Booking confirmation (E-mail)' });
  await expect(refused.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText(/Last error:.*550/);
  await expect(refused).toContainText(/Tries:1(?!\d)/);
  await state.selectOption({ label: 'Failed' });
  await expectEveryRow(page, /\(E-mail\)Failed/);
  await expect(refused).toBeVisible();
  await state.selectOption({ label: 'All states' });

  await refused.getByRole('button', { name: /^Retry/ }).click();
  await expect(announced(page)).toHaveText(messagesMessages.retried);
  await expect(announced(page)).toBeFocused();
  // the mail server refuses it again: failed once more, after a second try
  await expect(refused).toContainText(/Tries:2(?!\d)/, { timeout: 30_000 });
  await expect(refused.getByText('Failed', { exact: true })).toBeVisible();
});

// both themes on one visit: a visit per theme queued a test message and loaded the list twice
test('the Messages section has no axe violations (light and dark)', async ({ page }) => {
  await openMessages(page);
  // at least one row, whichever spec ran first
  await messages(page).getByRole('button', { name: 'Send a test to the job tracker' }).click();
  await expect(row(page, 'Test (Job tracker)').first()).toBeVisible();
  await expectNoViolationsInBothThemes(page);
});

test('at 320 px the section fits, and its buttons can be reached', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await openMessages(page);
  await expect(list(page)).toBeVisible();
  // nothing of the section reaches past the screen's right edge (so nothing needs side scrolling)
  const widest = await messages(page).evaluate((section) =>
    Math.max(
      ...[section, ...section.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right),
    ),
  );
  expect(widest).toBeLessThanOrEqual(320);
  const send = messages(page).getByRole('button', { name: 'Send a test webhook' });
  await send.scrollIntoViewIfNeeded();
  const box = await send.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(announced(page)).toHaveText(messagesMessages.testQueued);
  await expect(row(page, 'Test (Webhook)').first()).toBeVisible();
});
