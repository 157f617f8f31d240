import { updateTrakJobId } from '#server/db/booking-writes.ts';
import {
  createTrakJob,
  updateTrakJob,
  type TrakJob,
} from '#server/integrations/job-tracker/trak-client.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { findBookingWithCustomer } from '#server/messages/message-facts.repository.ts';
import type { Skipped } from '#server/messages/message-worker.ts';
import { readProviderSettings } from '#server/messages/provider-settings.ts';
import { kindOn } from './delivery-kind';
import type { HandlerDeps } from './handler-deps';

// The job-tracking system (ADR 017): a booking makes a job there, whose id is kept as the
// booking's trak_job_id; a move or a cancel updates it. Always from the booking as it is now.

export async function handleJobTracker(delivery: DeliveryRow, deps: HandlerDeps) {
  const kind = kindOn(delivery, 'job_tracker', 'job');
  const settings = await readProviderSettings(deps.db, deps.secrets);
  const baseUrl = settings.trak_base_url;
  const apiKey = settings.trak_api_key;
  const target = baseUrl && apiKey ? { baseUrl, apiKey } : undefined;
  const opts = { idempotencyKey: delivery.id, now: deps.now(), resolve: deps.resolve };
  if (kind === 'test') {
    const start = deps.now().toISOString();
    const job = {
      externalId: `test-${delivery.id}`,
      customer: { name: 'TintBook test job' },
      appointment: { start, end: start, type: 'test' },
      notes: 'A test from Settings → Messages: safe to delete.',
    };
    return createTrakJob(target, job, opts, deps.log);
  }
  const found = delivery.bookingId && (await findBookingWithCustomer(deps.db, delivery.bookingId));
  if (!found) return { skipped: 'The booking no longer exists' } satisfies Skipped;
  const { booking, customer } = found;
  const appointment = {
    start: booking.startTime.toISOString(),
    end: booking.endTime.toISOString(),
    type: `${booking.serviceType}_consultation`,
  };
  if (booking.trakJobId) {
    const change =
      booking.status === 'cancelled' ? { status: 'cancelled' as const } : { appointment };
    return updateTrakJob(target, booking.trakJobId, change, opts, deps.log);
  }
  if (booking.status === 'cancelled') {
    return { skipped: 'Cancelled before it reached the job tracker' } satisfies Skipped;
  }
  const job: TrakJob = {
    externalId: booking.id,
    customer: {
      name: customer ? `${customer.firstName} ${customer.lastName}` : 'Unknown',
      email: customer?.email,
      phone: customer?.phone,
    },
    appointment,
    address: customer?.address,
    notes: booking.notes ?? undefined,
    estimateCents: booking.estimatedPriceCents ?? undefined,
  };
  const created = await createTrakJob(target, job, opts, deps.log);
  if (created.providerMessageId && !created.local) {
    await updateTrakJobId(deps.db, booking.id, created.providerMessageId);
  }
  return created;
}
