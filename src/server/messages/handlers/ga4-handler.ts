import { z } from 'zod';
import { PermanentDeliveryError } from '#server/integrations/delivery.ts';
import { sendGa4Events } from '#server/integrations/ga4/send-ga4-events.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { readProviderSettings } from '#server/messages/provider-settings.ts';
import { kindOn } from './delivery-kind';
import type { HandlerDeps } from './handler-deps';

// GA4 Measurement Protocol events, queued with everything they need (client id, events, hashed
// user data: never an address or number in clear) by whoever decided to send them.
const ga4PayloadSchema = z.object({
  clientId: z.string().min(1),
  events: z
    .array(
      z.object({
        name: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      }),
    )
    .min(1),
  userData: z
    .object({
      sha256_email_address: z.array(z.string()).optional(),
      sha256_phone_number: z.array(z.string()).optional(),
    })
    .optional(),
});

export async function handleGa4(delivery: DeliveryRow, deps: HandlerDeps) {
  const kind = kindOn(delivery, 'ga4', 'GA4 event');
  const settings = await readProviderSettings(deps.db, deps.secrets);
  const measurementId = settings.ga4_measurement_id;
  const apiSecret = settings.ga4_api_secret;
  const target =
    measurementId && apiSecret
      ? { endpoint: deps.endpoints.ga4Endpoint, measurementId, apiSecret }
      : undefined;
  const payload =
    kind === 'test'
      ? { clientId: `test.${delivery.id}`, events: [{ name: 'tintbook_test', params: {} }] }
      : ga4PayloadSchema.safeParse(delivery.payload).data;
  if (!payload) throw new PermanentDeliveryError('The queued GA4 event is malformed');
  return sendGa4Events(
    target,
    {
      client_id: payload.clientId,
      ...('userData' in payload && payload.userData && { user_data: payload.userData }),
      events: payload.events,
    },
    deps.log,
    { now: deps.now(), resolve: deps.resolve },
  );
}
