import type { Db } from '#server/db/client.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { hasSentTestEmail } from '#server/messages/deliveries.repository.ts';
import { staffRecipient, staffRecipientKeys } from '#server/messages/staff-recipient.ts';
import { setupItems, type SetupStatus } from '#shared/settings/setup-checklist.ts';

/** As the e-mail worker decides (smtp-target.ts): SMTP_URL, else a saved mail server. */
export function emailConfigured(smtpUrl: string | undefined, smtpHost: unknown) {
  return Boolean(smtpUrl) || (typeof smtpHost === 'string' && smtpHost !== '');
}

/** Where the first run stands: what is confirmed, e-mail sending, where staff notices go. */
export async function readSetupStatus(db: Db, smtpUrl: string | undefined): Promise<SetupStatus> {
  const s = await readSettings(db, [
    ...setupItems.map((item) => item.key),
    ...staffRecipientKeys,
    'smtp_host',
  ]);
  const confirmed = Object.fromEntries(
    setupItems.map((item) => [item.key, s[item.key] === true]),
  ) as SetupStatus['confirmed'];
  return {
    confirmed,
    email: {
      configured: emailConfigured(smtpUrl, s.smtp_host),
      testSent: await hasSentTestEmail(db),
    },
    staffNoticesTo: (await staffRecipient(db, s)) ?? null,
  };
}
