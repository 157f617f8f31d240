import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

// The e2e suite drives the built app (`npm run test:e2e` builds first) in Debian's Chromium.
// Every run gets its own server on its own port and a fresh PGlite data directory.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// set once by the main process; workers inherit it, so they all name the same directory
process.env.E2E_DATA_DIR ??= `test-results/e2e-data/${Date.now()}`;
// staff accounts of this run (tests/e2e/staff-support.ts): fresh passwords, never in the repo
const newPassword = () => randomBytes(18).toString('base64url');
process.env.E2E_ADMIN_EMAIL ??= 'admin@example.com';
process.env.E2E_ADMIN_PASSWORD ??= newPassword();
process.env.E2E_STAFF_EMAIL ??= 'staff@example.com';
process.env.E2E_STAFF_PASSWORD ??= newPassword();

// Specs that change settings every visitor sees (business details, prices, toggles) run after
// the others, so a booking test never sees a price or a phone number change under it.
const globalSettingsSpecs = /settings-(general|catalogue)\.spec\.ts/;

const chromium = {
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // not test-results/ itself: Playwright empties its output dir, and the data dir lives beside it
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...chromium,
  },
  projects: [
    // signs in once per role and saves the browser state (see tests/e2e/staff-support.ts)
    { name: 'staff-setup', testMatch: /staff\.setup\.ts/, use: chromium },
    {
      name: 'desktop',
      dependencies: ['staff-setup'],
      testIgnore: globalSettingsSpecs,
      use: { ...devices['Desktop Chrome'], ...chromium },
    },
    {
      // phones are most of the customers: the main journeys run again at 390×844
      name: 'phone',
      grep: /@phone/,
      dependencies: ['staff-setup'],
      testIgnore: globalSettingsSpecs,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        ...chromium,
      },
    },
    {
      name: 'global-settings',
      testMatch: globalSettingsSpecs,
      dependencies: ['desktop', 'phone'],
      use: { ...devices['Desktop Chrome'], ...chromium },
    },
  ],
  webServer: {
    // the seed opens the fresh data directory first (promo codes; see tests/e2e/seed-e2e-data.ts)
    command: 'npx tsx tests/e2e/seed-e2e-data.ts && node dist/server/main.js',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PUBLIC_MAX: '1000',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
    },
  },
});
