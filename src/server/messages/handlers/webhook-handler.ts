import { sendWebhook } from '#server/integrations/webhook/send-webhook.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { findLeadWithCustomer } from '#server/messages/message-facts.repository.ts';
import { readProviderSettings } from '#server/messages/provider-settings.ts';
import { kindOn } from './delivery-kind';
import type { HandlerDeps } from './handler-deps';

/** The form-completion webhook (spec §7), signed; or a test from Settings → Messages. */
export async function handleWebhook(delivery: DeliveryRow, deps: HandlerDeps) {
  const event = kindOn(delivery, 'webhook', 'webhook');
  const settings = await readProviderSettings(deps.db, deps.secrets);
  const url = settings.form_webhook_url;
  const target = url ? { url, secret: settings.form_webhook_secret } : undefined;
  const found = delivery.leadId ? await findLeadWithCustomer(deps.db, delivery.leadId) : null;
  const lead = found
    ? {
        id: found.lead.id,
        source: found.lead.source,
        stage: found.lead.stage,
        firstName: found.customer?.firstName,
        lastName: found.customer?.lastName,
        email: found.customer?.email,
        phone: found.customer?.phone,
        address: found.customer?.address,
        bookingOption: (found.lead.data as Record<string, unknown> | null)?.bookingOption,
        createdAt: found.lead.createdAt.toISOString(),
      }
    : { test: true };
  return sendWebhook(
    target,
    {
      event,
      timestamp: (found?.lead.createdAt ?? delivery.createdAt).toISOString(),
      lead,
    },
    { idempotencyKey: delivery.id, now: deps.now(), resolve: deps.resolve },
    deps.log,
  );
}
