import { expect, test } from '@playwright/test';
import { contactTitle } from './support';

// Everything `/` loads before the first interaction (the full contact form waits for one, the
// step preloads start at 2 s) must stay within 75 KB of JavaScript on the wire: the server's
// precompressed brotli, as this browser receives it (issue 17; bench/first-screen-js.ts).
const budgetBytes = 75 * 1024;

test('the first screen loads at most 75 KB of JavaScript on the wire', async ({ page }) => {
  const scripts = new Map<string, number>();
  const sizes: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.push(
      request.sizes().then(({ responseBodySize }) => {
        scripts.set(new URL(request.url()).pathname, responseBodySize);
      }),
    );
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(sizes);
  // the full form has not been fetched: no one has touched the page yet
  expect([...scripts.keys()].some((path) => path.includes('contact-form'))).toBe(false);

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: 'first-screen JS',
    description: `${(total / 1024).toFixed(1)} KB on the wire: ${[...scripts.keys()].join(', ')}`,
  });
  console.log(`first-screen JS: ${(total / 1024).toFixed(1)} KB on the wire`);
  expect(total).toBeLessThanOrEqual(budgetBytes);
});
