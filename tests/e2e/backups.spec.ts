import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { expectNoViolations } from './axe';
import { adminState, staffState } from './staff-support';

// Settings → Backups and the dashboard's notice (issue 31), on the main server, whose nightly
// backups go to E2E_BACKUP_DIR (playwright.config.ts; its nightly time is hours away). The owner
// backs up now; then the folder is broken (a regular file in its place: the tests run as root,
// so taking away write permission would stop nothing) and a backup fails, which staff see on
// /dashboard; mended, the next backup clears the notice. One test, so that no second "Back up
// now" of this spec runs beside it; it mends the folder whatever happens, as other specs share
// the server (and its dashboard).
test.use({ storageState: adminState });

const backupDir = () => {
  const dir = process.env.E2E_BACKUP_DIR;
  if (!dir) throw new Error('E2E_BACKUP_DIR is set by playwright.config.ts');
  return dir;
};
const section = (page: Page) => page.getByRole('region', { name: 'Backups' });
const runs = (page: Page) => section(page).getByRole('list', { name: 'Recent backups' });
const runItems = (page: Page) => runs(page).getByRole('listitem');
const backUpNow = (page: Page) => section(page).getByRole('button', { name: 'Back up now' });
const failureNotice = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Backups need attention' });
// a backup copies the whole data directory and gzips it, on a machine shared with other tests
const backupTimeout = { timeout: 90_000 };
const notAFolder = /is not a folder: set BACKUP_DIR to a folder TintBook can write to/;

async function openSection(page: Page) {
  await page.goto('/settings#backups');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(section(page).getByText('Where:')).toBeVisible();
}

/** Clicks "Back up now" and waits for the run, the count-th, to end. */
async function backUp(page: Page, count: number) {
  await expect(backUpNow(page)).toBeEnabled();
  await backUpNow(page).click();
  // the button keeps the keyboard's focus while it is held
  await expect(
    section(page).getByRole('button', { name: /^(Back up now|Backing up…)$/ }),
  ).toBeFocused();
  // the run shows while it goes on, with the button held until it ends
  await expect(runItems(page)).toHaveCount(count);
  await expect(backUpNow(page)).toBeEnabled(backupTimeout);
  await expect(section(page).getByText('Outcome:Running…')).toHaveCount(0);
}
/** The n-th run of this test (1 = the first), the list being newest first. */
const run = (page: Page, n: number, of: number) => runItems(page).nth(of - n);

/** Nothing wider than a 320 px phone: no sideways scrolling. */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 720 });
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

async function staffDashboard(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, storageState: staffState });
  const page = await context.newPage();
  // the notice shows nothing until the status has answered: a missing notice counts after that
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/backups/status',
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect((await answered).status()).toBe(200);
  return { page, close: () => context.close() };
}

// the folder's archives and erasure list wait beside it while a file stands in its place
const awayDir = () => `${backupDir()}-away`;
const exists = (path: string) =>
  stat(path).then(
    (found) => found,
    () => null,
  );

async function breakFolder() {
  await rename(backupDir(), awayDir());
  await writeFile(backupDir(), 'not a folder\n');
}

/** The folder as the config names it, with what it held, whatever the test did to it. */
async function mendFolder() {
  const found = await exists(backupDir());
  if (found && !found.isDirectory()) await rm(backupDir());
  if (!found?.isDirectory() && (await exists(awayDir()))) await rename(awayDir(), backupDir());
  await mkdir(backupDir(), { recursive: true });
}

test('Settings → Backups: back up now, a failed backup shows on the dashboard for staff, the next good one clears it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  try {
    await openSection(page);
    const box = section(page);
    await expect(box).toContainText(`Where:${backupDir()}`);
    await expect(box).toContainText(/When:Every night at \d{1,2}:\d\d [ap]m, Melbourne time/);
    await expect(box).toContainText('Kept:The last 14 backups');
    await expect(box).toContainText('Encrypted:No. Backups hold your customers');
    await expect(box).toContainText('BACKUP_ENCRYPTION_KEY');
    await expect(box).toContainText('Last good backup:None yet');
    await expect(box).toContainText(/Next backup:\w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d\d [ap]m/);
    await expect(box.getByText(/^No backups yet\./)).toBeVisible();
    await expect(failureNotice(page)).toHaveCount(0);
    await expectNoViolations(page, '#backups');

    // a good backup: listed with its size, and said politely
    await backUp(page, 1);
    const good = run(page, 1, 1);
    await expect(good).toContainText('Started:By hand');
    await expect(good).toContainText('Outcome:Succeeded');
    await expect(good).toContainText(/Size:(\d+(\.\d)?|under 0\.1) MB/);
    await expect(box.getByRole('status')).toHaveText(
      /^Backup finished at \d{1,2}:\d\d [ap]m: (\d+(\.\d)?|under 0\.1) MB\.$/,
    );
    await expect(box).not.toContainText('Last good backup:None yet');

    // the destination breaks: the run fails with the reason, and the notice appears
    await breakFolder();
    await backUp(page, 2);
    const bad = run(page, 2, 2);
    await expect(bad).toContainText('Outcome:Failed');
    await expect(bad).toContainText(notAFolder);
    await expect(box.getByRole('status')).toContainText(/^The backup failed: /);
    await expect(run(page, 1, 2)).toContainText('Outcome:Succeeded');
    // the page's own notice (the status is asked again by the section's polling)
    await expect(failureNotice(page)).toContainText(notAFolder);
    await expectNoViolations(page, '#backups');
    await expectFitsPhone(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    // staff (not admin) see it on the dashboard, with when the last good one was
    const staff = await staffDashboard(browser, baseURL!);
    try {
      const notice = failureNotice(staff.page);
      await expect(notice).toContainText(`The last backup failed: ${backupDir()} is not a folder`);
      await expect(notice).toContainText(notAFolder);
      await expect(notice).toContainText(/The last good backup was made on \w+day \d{1,2} \w+/);
      const link = notice.getByRole('link', { name: 'Settings → Backups' });
      await expect(link).toHaveAttribute('href', '/settings#backups');
      await expectNoViolations(staff.page);
      await expectFitsPhone(staff.page);
    } finally {
      await staff.close();
    }
    // the owner follows the link from the dashboard to the section
    await page.goto('/dashboard');
    await failureNotice(page).getByRole('link', { name: 'Settings → Backups' }).click();
    await expect(page).toHaveURL(/\/settings#backups$/);
    await expect(section(page).getByText('Where:')).toBeInViewport();

    // mended: the next backup succeeds and the notice goes
    await mendFolder();
    await backUp(page, 3);
    await expect(run(page, 3, 3)).toContainText('Outcome:Succeeded');
    await expect(failureNotice(page)).toHaveCount(0);
    const after = await staffDashboard(browser, baseURL!);
    try {
      await expect(failureNotice(after.page)).toHaveCount(0);
    } finally {
      await after.close();
    }
  } finally {
    await mendFolder();
  }
});
