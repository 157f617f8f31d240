import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { expectNoViolations } from './axe';
import { adminState } from './staff-support';
import { apiAnswer } from './support';

// The booking rules are global and the booking tests of other files need their defaults, so
// these tests change them in the form only: the preview shows a draft without saving it. The
// one save puts back what it changed at once.
test.use({ storageState: adminState });

const rulesSection = (page: Page) => page.getByRole('region', { name: 'Booking rules' });
const preview = (page: Page) =>
  page.getByRole('region', { name: 'Next 7 days as customers see them' });
const summaryLine = (page: Page) => preview(page).locator('[aria-live="polite"]');

interface PreviewDay {
  date: string;
  closedReason: string | null;
}

/** Opens the page; answers the preview of the saved rules, the days as the server counts them. */
async function openTrakSettings(page: Page): Promise<PreviewDay[]> {
  const saved = apiAnswer(page, 'POST', '/api/admin/booking-rules/preview');
  await page.goto('/trak-settings');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Job Tracking Settings' }),
  ).toBeVisible();
  await expect(summaryLine(page)).toHaveText(/^Preview of the saved rules: \d of 7 days open/);
  return ((await (await saved).json()) as { days: PreviewDay[] }).days;
}

/** A date as the preview writes it: 2026-11-23 → "Mon 23 Nov". */
function previewLabel(iso: string): string {
  const label = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const parts = Object.fromEntries(
    label.formatToParts(new Date(`${iso}T12:00:00Z`)).map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

const timesOn = (page: Page, label: string) =>
  preview(page).getByRole('list', { name: `Times on ${label}` });

test('changing weekends and slots per day changes the preview before saving', async ({ page }) => {
  // any seven days hold a Saturday and a Sunday, closed while weekends are off (as a public
  // holiday, when one falls on them)
  const weekends = (await openTrakSettings(page)).filter((d) => d.closedReason === 'weekend');
  const form = rulesSection(page);
  await expect(preview(page).getByText('Closed: weekend')).toHaveCount(weekends.length);

  await form.getByLabel('Take bookings on weekends').check();
  await expect(preview(page).getByText('Closed: weekend')).toHaveCount(0);
  await expect(summaryLine(page)).toHaveText(/^Preview of unsaved changes: /);

  await form.getByLabel('Slots per day').fill('3');
  const dayLists = preview(page).getByRole('list', { name: /^Times on / });
  await expect(async () => {
    const counts = await Promise.all(
      (await dayLists.all()).map((list) => list.getByRole('listitem').count()),
    );
    // three slots a day: the next days show three times (today's may be fewer, or none left)
    expect(counts.filter((count) => count === 3).length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...counts)).toBe(3);
  }).toPass();

  await form.getByLabel('Take bookings on weekends').uncheck();
  await form.getByLabel('Slots per day').fill('16');
  await expect(summaryLine(page)).toHaveText(/^Preview of the saved rules: /);
  await expect(preview(page).getByText('Closed: weekend')).toHaveCount(weekends.length);
});

test('a blackout date closes its day in the preview, and removing it opens it again', async ({
  page,
}) => {
  // the server's seven days, not the test's: its clock decides which day is today
  const open = (await openTrakSettings(page)).findLast((day) => day.closedReason === null);
  expect(open, 'an open day among the next seven').toBeDefined();
  const iso = open!.date;
  const label = previewLabel(iso);
  await expect(timesOn(page, label)).toBeVisible();
  const dayRow = preview(page).getByRole('listitem').filter({ hasText: label });

  const form = rulesSection(page);
  await form.getByLabel('Add a blackout date').fill(iso);
  await form.getByRole('button', { name: 'Add date' }).click();
  await expect(dayRow).toContainText('Closed: blackout date');
  await expect(timesOn(page, label)).toHaveCount(0);
  await expect(summaryLine(page)).toHaveText(/^Preview of unsaved changes: /);

  await form.getByRole('button', { name: /^Remove .+ \d{4}$/ }).click();
  await expect(form.getByLabel('Add a blackout date')).toBeFocused();
  await expect(timesOn(page, label)).toBeVisible();
  await expect(summaryLine(page)).toHaveText(/^Preview of the saved rules: /);
});

test('bad rules show the contract messages and pause the preview', async ({ page }) => {
  await openTrakSettings(page);
  const form = rulesSection(page);
  const save = form.getByRole('button', { name: 'Save booking rules' });
  const summary = form.getByRole('alert').filter({ hasText: 'Please correct the following:' });

  await form.getByLabel('Slots per day').fill('0');
  await expect(summaryLine(page)).toHaveText(
    `Preview paused until the rules are valid: ${adminMessages.slotsPerDay}`,
  );
  await save.click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([adminMessages.slotsPerDay]);
  await expect(form.getByLabel('Slots per day')).toHaveAccessibleDescription(
    adminMessages.slotsPerDay,
  );

  // 23:30 and 40 slots of 30 minutes would run into the next day
  await form.getByLabel('First slot').fill('23:30');
  await form.getByLabel('Slots per day').fill('40');
  const midnight = 'The slots of a day must end by midnight';
  await expect(summaryLine(page)).toHaveText(
    `Preview paused until the rules are valid: ${midnight}`,
  );
  await save.click();
  await expect(summary.getByRole('link')).toHaveText([midnight]);
  await summary.getByRole('link', { name: midnight }).click();
  await expect(form.getByLabel('Slots per day')).toBeFocused();

  // nothing was saved
  const saved = await (await page.request.get('/api/admin/booking-rules')).json();
  expect(saved.rules).toMatchObject({ firstSlot: '08:00', slotsPerDay: 16 });
});

test('job tracking: the API key is saved write-only and shown masked', async ({ page }) => {
  const apiKey = `trak-${randomBytes(12).toString('hex')}`;
  await openTrakSettings(page);
  const form = page.getByRole('region', { name: 'Job tracking' });
  await form.getByLabel('Base URL').fill('https://jobs.example.com/api');
  await form.getByLabel('API key').fill(apiKey);
  await form.getByRole('button', { name: 'Save job tracking' }).click();
  await expect(form.getByText('Job tracking saved.')).toBeVisible();

  // no character of the key, not even its last few (the dots are hidden from screen readers)
  const hint = 'Saved (hidden). Leave blank to keep it.';
  await page.reload();
  const key = page.getByRole('region', { name: 'Job tracking' }).getByLabel('API key');
  await expect(key).toHaveValue('');
  await expect(key).toHaveAccessibleDescription(hint);
  await expect(
    page.getByRole('region', { name: 'Job tracking' }).getByLabel('Base URL'),
  ).toHaveValue('https://jobs.example.com/api');
  expect(await page.content()).not.toContain(apiKey);
});

test('/trak-settings has no axe violations', async ({ page }) => {
  await openTrakSettings(page);
  await expect(preview(page).getByRole('list', { name: 'Days' })).toBeVisible();
  await expectNoViolations(page);
});
