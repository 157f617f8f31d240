import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { contactTitle } from './support';

// Everything `/` loads before the first interaction (the full contact form waits for one, the
// step preloads start at 2 s) must stay within 100 KB of gzipped JavaScript.
const budgetBytes = 100 * 1024;

test('the first screen loads at most 100 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // the full form has not been fetched: no one has touched the page yet
  expect([...scripts.keys()].some((path) => path.includes('contact-form'))).toBe(false);

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: 'first-screen JS',
    description: `${(total / 1024).toFixed(1)} KB gzipped: ${[...scripts.keys()].join(', ')}`,
  });
  console.log(`first-screen JS: ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(budgetBytes);
});
