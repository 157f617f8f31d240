import type { Db } from '#server/db/client.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { oncePer } from './deliveries.repository';
import type { Outbox } from './outbox';
import { staffRecipient, staffRecipientKeys } from './staff-recipient';

/**
 * A contact submission: the business hears of the new lead, and the form-completion webhook
 * (spec §7) fires when turned on — at most once per browser session, whatever the resubmits.
 */
export async function queueLeadMessages(
  tx: Db,
  outbox: Outbox,
  lead: { id: string; sessionId: string | null },
) {
  const settings = await readSettings(tx, [
    ...staffRecipientKeys,
    'form_webhook_enabled',
    'form_webhook_url',
  ]);
  const businessEmail = await staffRecipient(tx, settings);
  if (businessEmail) {
    await outbox.put(
      tx,
      oncePer(lead.id, {
        channel: 'email',
        kind: 'business_new_lead',
        recipient: businessEmail,
        leadId: lead.id,
      }),
    );
  }
  if (settings.form_webhook_enabled) {
    const url = settings.form_webhook_url;
    await outbox.put(
      tx,
      oncePer(lead.sessionId ?? lead.id, {
        channel: 'webhook',
        kind: 'form_completion',
        recipient: hostOf(url),
        leadId: lead.id,
      }),
    );
  }
}

/** Who the webhook goes to, for staff; never lets an odd stored value fail the contact step. */
function hostOf(url: unknown) {
  if (typeof url !== 'string' || !url) return 'not configured';
  return URL.canParse(url) ? new URL(url).host : 'invalid address';
}
