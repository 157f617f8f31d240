import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import type { ClockOptions } from './tests/e2e/booking-support';
import { chromiumPath } from './tests/e2e/browser';

// The e2e suite drives the built app (`npm run test:e2e` builds first) in Debian's Chromium.
// Every run gets its own servers on their own ports, each on a fresh PGlite data directory.
const port = Number(process.env.E2E_PORT ?? 3100);
const runsDir = 'test-results/e2e-data';
const baseURL = `http://127.0.0.1:${port}`;
// set once by the main process; workers inherit it, so they all name the same directory
if (!process.env.E2E_DATA_DIR) {
  removeOldRuns();
  process.env.E2E_DATA_DIR = `${runsDir}/${Date.now()}`;
}
const runDir = process.env.E2E_DATA_DIR;
// staff accounts of this run (tests/e2e/staff-support.ts): fresh passwords, never in the repo
const newPassword = () => randomBytes(18).toString('base64url');
process.env.E2E_ADMIN_EMAIL ??= 'admin@example.com';
process.env.E2E_ADMIN_PASSWORD ??= newPassword();
process.env.E2E_STAFF_EMAIL ??= 'staff@example.com';
process.env.E2E_STAFF_PASSWORD ??= newPassword();
// the key that encrypts saved secrets (SMTP password, …) on the main server: per run, never in the repo
process.env.E2E_SETTINGS_KEY ??= randomBytes(32).toString('base64');
// the main server's mail goes to a real SMTP server (tests/e2e/global-mail-sink.ts) that saves
// each message for the specs to read (tests/e2e/mail-inbox.ts)
process.env.E2E_SMTP_PORT ??= String(port + 20);
// the main server's GA4 Measurement Protocol endpoint: attribution.spec.ts listens there (a
// GA4 receiver) while it has GA4 configured through the admin settings
process.env.E2E_GA4_PORT ??= String(port + 21);
// the main server's nightly backups (issue 31) go to a folder of this run, which backups.spec.ts
// empties, breaks and mends. The nightly time is 12 hours from the start, in Melbourne: the
// server runs on the real clock, and a run of the schedule in the middle of the suite would add
// a backup the spec did not ask for.
process.env.E2E_BACKUP_DIR ??= resolve(runDir, 'main-backups');
process.env.E2E_BACKUP_TIME ??= new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Australia/Melbourne',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}).format(Date.now() + 12 * 60 * 60_000);

// The booking specs run at fixed Melbourne instants, never on the day the suite happens to run:
// each instant has a server of its own whose clock starts there (CLOCK_START), and the browser's
// clock is set to match (tests/e2e/booking-support.ts). The other specs use the real clock.
const bookingClockSpecs = /booking-(step|hold|journey|session)\.spec\.ts/;
// On the hour: today's times close one by one as the clock passes each start less the 1 h lead
// time, so the Monday loses 10:00 as its server starts and nothing more for half an hour.
// Ports: the main server's (E2E_PORT, 3100) and the next five.
const clocks = [
  { name: 'monday-morning', start: '2026-11-23T09:00:00+11:00' },
  // same-day bookings close at cutoffHour (16:00 by default); Friday's first times need 2 h lead
  { name: 'thursday-after-cutoff', start: '2026-11-26T17:00:00+11:00' },
  { name: 'saturday', start: '2026-11-28T10:00:00+11:00' },
  // daylight saving began at 02:00 that morning (a day of 23 hours) …
  { name: 'dst-start-sunday', start: '2026-10-04T09:00:00+11:00' },
  // … and ended at 03:00 (25 hours)
  { name: 'dst-end-sunday', start: '2027-04-04T09:00:00+10:00' },
].map((clock, i) => ({ ...clock, port: port + 1 + i }));

// Specs that change settings every visitor sees (business details, prices, toggles) run alone on
// the main server, before the others, so a booking test never sees a price or a phone number
// change under it; each puts back what it changed. Beside them run the fixed-clock booking
// projects, whose servers are their own: the settings specs are serial in part, and last they
// left one core idle for about a minute. The phases (Playwright starts a project once all its
// dependencies are done):
//   1. staff-setup (seconds)
//   2. global-settings, beside the booking projects of the first clock (desktop and phone)
//   3. branding, beside the booking projects of the later clocks
//   4. desktop and phone
const globalSettingsSpecs = /settings-(general|catalogue)\.spec\.ts/;
const brandingSpecs = /settings-branding\.spec\.ts/;

// phones are most of the customers: the main journeys run again at 390×844, with the tests whose
// outcome is the small screen's (axe at that width, a list or banner within the screen, the help
// dialog's tel: link, keyboard and first paint). A test of messages, drafts, uploads or the
// server's answers is tagged @phone only if it checks something a desktop run cannot: the same
// steps at 390 px checked nothing more and cost 1.6 min of the two workers. The layout is what
// these runs check, in CSS pixels: at a phone's 3× density Chromium's software rasteriser (no
// GPU here) would paint nine times the pixels on the same two cores for the same result.
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
};

const chromium = {
  launchOptions: {
    executablePath: chromiumPath,
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

/** A run keeps ~40 MB per server: the data of runs started over an hour ago goes. */
function removeOldRuns() {
  if (!existsSync(runsDir)) return;
  for (const name of readdirSync(runsDir)) {
    if (/^\d+$/.test(name) && Number(name) < Date.now() - 60 * 60_000) {
      rmSync(join(runsDir, name), { recursive: true, force: true });
    }
  }
}

/**
 * One e2e server. Playwright starts them one after another, so each must start fast: the seed
 * (bundled to dist/e2e by `npm run build:e2e`) migrates a template data directory once per run
 * and gives every server a copy of it (see tests/e2e/seed-e2e-data.ts).
 */
function server(name: string, serverPort: number, env: Record<string, string | undefined>) {
  return {
    name,
    command: 'node dist/e2e/seed-e2e-data.js && node dist/server/main.js',
    url: `http://127.0.0.1:${serverPort}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(serverPort),
      DATA_DIR: `${runDir}/${name}`,
      E2E_TEMPLATE_DIR: `${runDir}/template`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PUBLIC_MAX: '1000',
      ...env,
    },
  };
}

export default defineConfig<ClockOptions>({
  testDir: 'tests/e2e',
  // not test-results/ itself: Playwright empties its output dir, and the data dir lives beside it
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  // one per core of this machine (Chromium and the servers share them)
  workers: availableParallelism(),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalSetup: './tests/e2e/global-mail-sink.ts',
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
      name: 'global-settings',
      testMatch: globalSettingsSpecs,
      dependencies: ['staff-setup'],
      use: { ...devices['Desktop Chrome'], ...chromium },
    },
    // the logo and partner strip every visitor sees, and unconfirmed business details: alone on
    // the main server
    {
      name: 'branding',
      testMatch: brandingSpecs,
      dependencies: ['global-settings'],
      use: { ...devices['Desktop Chrome'], ...chromium },
    },
    {
      name: 'desktop',
      dependencies: ['branding'],
      testIgnore: [globalSettingsSpecs, brandingSpecs, bookingClockSpecs],
      use: { ...devices['Desktop Chrome'], ...chromium },
    },
    {
      name: 'phone',
      grep: /@phone/,
      dependencies: ['branding'],
      testIgnore: [globalSettingsSpecs, brandingSpecs, bookingClockSpecs],
      use: { ...phone, ...chromium },
    },
    // every booking test runs at the first instant; at the others only those whose outcome
    // depends on the day and hour (the calendar, booking and moving across DST and the cut-off).
    // Their servers are not the main one: they fill phases 2 and 3 (see above), which is all
    // their dependencies are for.
    ...clocks.map((clock, i) => ({
      name: `booking ${clock.name}`,
      testMatch: bookingClockSpecs,
      grep: i === 0 ? undefined : /@every-clock/,
      dependencies: [i === 0 ? 'staff-setup' : 'global-settings'],
      use: {
        ...devices['Desktop Chrome'],
        ...chromium,
        baseURL: `http://127.0.0.1:${clock.port}`,
        clockStart: clock.start,
      },
    })),
    {
      name: `booking phone ${clocks[0]!.name}`,
      grep: /@phone/,
      testMatch: bookingClockSpecs,
      dependencies: ['staff-setup'],
      use: {
        ...phone,
        ...chromium,
        baseURL: `http://127.0.0.1:${clocks[0]!.port}`,
        clockStart: clocks[0]!.start,
      },
    },
  ],
  webServer: [
    server('main', port, {
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      SETTINGS_ENCRYPTION_KEY: process.env.E2E_SETTINGS_KEY,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      GA4_MP_ENDPOINT: `http://127.0.0.1:${process.env.E2E_GA4_PORT}/mp/collect`,
      // the manage links in its e-mails open this server
      PUBLIC_URL: baseURL,
      BACKUP_DIR: process.env.E2E_BACKUP_DIR,
      BACKUP_TIME: process.env.E2E_BACKUP_TIME,
    }),
    ...clocks.map((clock) => server(clock.name, clock.port, { CLOCK_START: clock.start })),
  ],
});
