import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { messageDeliveries } from '#server/db/schema/index.ts';
import { plainSettings } from '#server/messages/message-facts.ts';
import { staffRecipient, staffRecipientKeys } from '#server/messages/staff-recipient.ts';
import { setupItems, type SetupStatus } from '#shared/settings/setup-checklist.ts';

/** As the e-mail worker decides (smtp-target.ts): SMTP_URL, else a saved mail server. */
export function emailConfigured(smtpUrl: string | undefined, smtpHost: unknown) {
  return Boolean(smtpUrl) || (typeof smtpHost === 'string' && smtpHost !== '');
}

/** A test e-mail that a mail server took (one written to the log only does not count). */
async function testEmailSent(db: Db) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(messageDeliveries)
    .where(
      and(
        eq(messageDeliveries.kind, 'test'),
        eq(messageDeliveries.channel, 'email'),
        inArray(messageDeliveries.status, ['sent', 'delivered']),
        ne(messageDeliveries.provider, 'log'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Where the first run stands: what is confirmed, e-mail sending, where staff notices go. */
export async function readSetupStatus(db: Db, smtpUrl: string | undefined): Promise<SetupStatus> {
  const stored = await plainSettings(db, [
    ...setupItems.map((item) => item.key),
    ...staffRecipientKeys,
    'smtp_host',
  ]);
  const confirmed = Object.fromEntries(
    setupItems.map((item) => [item.key, stored.get(item.key) === true]),
  ) as SetupStatus['confirmed'];
  return {
    confirmed,
    email: {
      configured: emailConfigured(smtpUrl, stored.get('smtp_host')),
      testSent: await testEmailSent(db),
    },
    staffNoticesTo: (await staffRecipient(db, stored)) ?? null,
  };
}
