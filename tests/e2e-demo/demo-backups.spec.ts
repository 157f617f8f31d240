import { expect, test } from '@playwright/test';

// The static demo (ADR 026) keeps its data in the browser: Settings → Backups says backups work
// in the installed app only, with no "Back up now", and neither it nor the dashboard asks /api.

test('Settings → Backups says it is not in the demo; the dashboard shows no backup notice', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await page.goto('/settings#backups');
  const section = page.getByRole('region', { name: 'Backups' });
  await expect(section.getByRole('note')).toHaveText(/Backups work in the installed app only\./);
  await expect(section.getByRole('button')).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Headline figures' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(apiCalls).toEqual([]);
});
