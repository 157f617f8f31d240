import { existsSync } from 'node:fs';

// The browser the e2e suites drive: Debian's headless Chromium. The headless shell
// (`chromium-headless-shell`, what Playwright itself runs headless) is preferred: it paints the
// same pages with less of the browser around them, and took the suite's tests about a sixth less
// time on this machine's two cores than the full `chromium` in its headless mode (ADR 039).
// E2E_CHROMIUM names another binary.
const headlessShell = '/usr/bin/chromium-headless-shell';
export const chromiumPath =
  process.env.E2E_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
