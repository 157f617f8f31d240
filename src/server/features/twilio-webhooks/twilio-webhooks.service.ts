import type { Db } from '#server/db/client.ts';
import { toAustralianMobile } from '#server/integrations/sms/au-mobile.ts';
import { optOutIntent } from '#server/integrations/sms/opt-out.ts';
import { recordReceipt } from '#server/messages/deliveries.repository.ts';
import { liftOptOut, recordOptOut } from '#server/messages/message-facts.repository.ts';

/** STOP (and its synonyms) records the opt-out; START lifts it. Anything else is left for staff. */
export async function handleInbound(db: Db, form: Record<string, string>) {
  const from = form.From ?? '';
  const phone = toAustralianMobile(from) ?? from;
  const intent = optOutIntent(form.Body ?? '');
  if (!phone || !intent) return;
  if (intent === 'stop') {
    await recordOptOut(db, phone);
  } else {
    await liftOptOut(db, phone);
  }
}

/** Twilio's final states: delivered, or undelivered / failed with its error code. */
export async function handleStatus(db: Db, form: Record<string, string>, now: Date) {
  const sid = form.MessageSid;
  const status = form.MessageStatus;
  if (!sid) return;
  if (status === 'delivered') await recordReceipt(db, sid, { delivered: true, at: now });
  if (status === 'undelivered' || status === 'failed') {
    const code = form.ErrorCode ? ` (Twilio error ${form.ErrorCode})` : '';
    await recordReceipt(db, sid, {
      delivered: false,
      error: `The carrier reported ${status}${code}`,
    });
  }
}
