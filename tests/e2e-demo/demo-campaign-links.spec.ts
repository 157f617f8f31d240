import { expect, test } from '@playwright/test';

// The static demo (ADR 026) has no server to open a booking link on nor to draw its QR code:
// Settings › Links and QR codes and the dashboard's links say so, with nothing that pretends to
// save one, and the pages ask nothing of /api.

const notInDemo =
  'Not in the demo: booking links and their QR codes are made in the real app only.';

test('booking links and QR codes say they are not in the demo, on /settings and /dashboard', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Links and QR codes' });
  await expect(section.getByText(notInDemo)).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  await expect(section.getByRole('textbox')).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Headline figures' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Links and QR codes' }).getByText(notInDemo),
  ).toBeVisible();
  expect(apiCalls).toEqual([]);
});
