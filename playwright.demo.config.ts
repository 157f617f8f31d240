import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/browser';

// The static demo build (ADR 026) in Chromium: dist-demo served by a plain static file server
// with no API at all (tests/e2e-demo/static-server.ts). `npm run test:e2e` builds it and runs
// this after the main suite. Port: E2E_PORT + 6 (the main suite uses E2E_PORT … +5, +20, +21).
const port = Number(process.env.E2E_PORT ?? 3100) + 6;

export default defineConfig({
  testDir: 'tests/e2e-demo',
  outputDir: 'test-results/playwright-demo',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    },
  },
  webServer: {
    command: 'npx tsx tests/e2e-demo/static-server.ts',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: { PORT: String(port) },
  },
});
