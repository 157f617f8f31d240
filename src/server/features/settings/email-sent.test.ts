import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '#server/db/setting-writes.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 26 item 9: nothing claims a message that was not sent. The public settings say whether
// customer e-mails really go out (a mail server is set up), so the confirmation page says it
// e-mailed the confirmation only then, and the staff screens warn while they only go to the log.

const emailSent = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages.emailSent as boolean;
};

describe('GET /api/settings says whether customer e-mails are sent', () => {
  let logOnly: TestApp;
  let withSmtpUrl: TestApp;
  beforeAll(async () => {
    logOnly = await createTestApp({ SMTP_URL: '' });
    withSmtpUrl = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(async () => {
    await logOnly.close();
    await withSmtpUrl.close();
  });

  it('no while no mail server is set up: they only go to the log', async () => {
    expect(await emailSent(logOnly)).toBe(false);
  });

  it('yes with SMTP_URL', async () => {
    expect(await emailSent(withSmtpUrl)).toBe(true);
  });

  it('yes once a mail server is saved in Settings, no again once it is cleared', async () => {
    const host = (value: string | null) =>
      saveSettings(logOnly.database.db, [
        { key: 'smtp_host', value, category: 'email', isSecret: false },
      ]);
    await host('smtp.example.com');
    expect(await emailSent(logOnly)).toBe(true);
    await host('');
    expect(await emailSent(logOnly)).toBe(false);
  });
});
