import { expect, test, type Page } from '@playwright/test';
import {
  completeContact,
  estimateHeading,
  fileInput,
  fileItem,
  fillDetails,
  filesHeading,
  photo,
  progressOf,
  submitDetails,
} from './estimate-support';
import { expectNoViolations } from './axe';

const typeNotAllowed = 'Only JPEG, PNG, WebP and HEIC photos or PDF documents can be uploaded.';

async function reachFiles(page: Page) {
  await completeContact(page);
  await fillDetails(page, { panes: 2, sizes: [[900, 600]] });
  await submitDetails(page);
}

// Issue 15 item 6: a file refused for what it is cannot succeed when sent again: Remove only,
// and the message says which types are accepted.
test('a file of the wrong type says which types are accepted and offers Remove, not Retry', async ({
  page,
}) => {
  await reachFiles(page);
  // refused by the browser's pre-check (by name)
  await fileInput(page).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  const notes = fileItem(page, 'notes.txt');
  await expect(notes).toContainText('Failed');
  await expect(notes).toContainText(typeNotAllowed);
  await expect(notes.getByRole('button', { name: 'Remove notes.txt' })).toBeVisible();
  await expect(notes.getByRole('button', { name: /^Retry/ })).toHaveCount(0);

  // a renamed file passes the pre-check; the server decides by content
  const upload = page.waitForResponse((r) => r.url().includes('/api/uploads'));
  await fileInput(page).setInputFiles({
    name: 'window.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not a PNG'),
  });
  expect((await upload).status()).toBe(415);
  const fake = fileItem(page, 'window.png');
  await expect(fake).toContainText('Failed');
  await expect(fake).toContainText(typeNotAllowed);
  await expect(page.locator('[aria-live="polite"]').first()).toContainText(
    `window.png failed: ${typeNotAllowed}`,
  );
  await expect(fake.getByRole('button', { name: 'Remove window.png' })).toBeVisible();
  await expect(fake.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoViolations(page);
  }

  await notes.getByRole('button', { name: 'Remove notes.txt' }).click();
  await fake.getByRole('button', { name: 'Remove window.png' }).click();
  await expect(page.getByRole('list', { name: 'Your files' })).toBeHidden();

  // files are optional
  await page.getByRole('link', { name: 'Continue to Estimate' }).click();
  await expect(estimateHeading(page)).toBeVisible();
});

test('an uploaded photo shows its thumbnail, read only by its own session', async ({
  page,
  browser,
}) => {
  await reachFiles(page);
  const previewAnswer = page.waitForResponse((r) => r.url().includes('/preview'));
  await fileInput(page).setInputFiles({
    name: 'bay-window.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('jpeg', 400, true),
  });
  const item = fileItem(page, 'bay-window.jpg');
  await expect(item).toContainText('Uploaded');
  const thumbnail = item.getByRole('img', { name: 'Preview of bay-window.jpg' });
  await expect(thumbnail).toBeVisible();
  // drawn, not a broken image, and from a blob: URL only this page can read
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  const answer = await previewAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.url()).not.toContain('session');

  // the same address from another visitor's browser (no session header, or another session) is refused
  const stranger = await browser.newContext();
  const direct = await stranger.request.get(answer.url());
  expect(direct.status()).toBe(400);
  const other = await stranger.request.get(answer.url(), {
    headers: { 'x-session-id': '6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b' },
  });
  expect(other.status()).toBe(404);
  await stranger.close();

  // still shown after a reload (the receipt says it has one); no PDF or refused file asks for one
  await page.reload();
  await expect(fileItem(page, 'bay-window.jpg').getByRole('img')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoViolations(page);
  }
});

test('the progress bar follows the bytes sent', async ({ page, context }) => {
  await reachFiles(page);
  // a slow uplink, so the upload takes a few seconds and its progress can be seen
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 150 * 1024,
  });
  const big = await photo('png', 300, true); // noise does not compress: a few hundred KB
  expect(big.length).toBeGreaterThan(200 * 1024);
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seen: number[] }).seen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await fileInput(page).setInputFiles({
    name: 'big-window.png',
    mimeType: 'image/png',
    buffer: big,
  });
  await expect(fileItem(page, 'big-window.png')).toContainText('Uploading', { timeout: 15_000 });
  await expect(fileItem(page, 'big-window.png')).toContainText('Uploaded', { timeout: 30_000 });
  await expect(progressOf(page, 'big-window.png')).toHaveAttribute('aria-valuenow', '100');
  const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
  expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
  await cdp.detach();
});

test('uploaded files stay listed after Back and a reload, until removed', async ({ page }) => {
  await reachFiles(page);
  await fileInput(page).setInputFiles({
    name: 'lounge.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('jpeg'),
  });
  await expect(fileItem(page, 'lounge.jpg')).toContainText('Uploaded');

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/measurement$/);
  await page.getByRole('button', { name: 'Continue to Files' }).click();
  await expect(filesHeading(page)).toBeVisible();
  await expect(fileItem(page, 'lounge.jpg')).toContainText('Uploaded');
  await page.reload();
  await expect(fileItem(page, 'lounge.jpg')).toContainText('Uploaded');

  // Remove deletes it on the server too: it stays gone after a reload
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/api/uploads/'),
  );
  await fileItem(page, 'lounge.jpg').getByRole('button', { name: 'Remove lounge.jpg' }).click();
  expect((await deleted).status()).toBe(204);
  await expect(fileItem(page, 'lounge.jpg')).toHaveCount(0);
  await page.reload();
  await expect(filesHeading(page)).toBeVisible();
  await expect(fileItem(page, 'lounge.jpg')).toHaveCount(0);
});
