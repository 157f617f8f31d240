import { mailDir, startMailSink } from './mail-sink';

/**
 * Playwright's globalSetup: the mail server runs in the runner process for the whole run and
 * stops after it (the function returned is the teardown). The app server starts first, but it
 * only connects when it sends, and nothing is sent before a test runs.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!port) throw new Error('E2E_SMTP_PORT is set by playwright.config.ts');
  return startMailSink(port, mailDir());
}
