import { z } from 'zod';
import { errorCodes } from '#shared/api/error.ts';
import {
  bookingMessages,
  onsiteRefusal,
  type Booking,
  type createBookingSchema,
} from '#shared/booking/booking.contract.ts';
import { noLeadMessage } from '#shared/estimate/details.contract.ts';
import { onsiteAvailability } from '#shared/estimate/estimate.contract.ts';
import { promoMessages, promoRefusal, unknownPromo } from '#shared/pricing/promo.ts';
import { inTransaction, takeHold, type BookingRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { isExclusionViolation } from '#server/db/errors.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { toBookingDto } from '#server/lib/booking-dto.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { newManageToken } from '#server/lib/manage-token.ts';
import { queueBookingMessages } from '#server/messages/booking-messages.ts';
import { queueLeadEvent } from '#server/messages/ga4-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import * as repo from './bookings.repository';

type CreateBooking = z.output<typeof createBookingSchema>;
type Lead = NonNullable<Awaited<ReturnType<typeof repo.findLeadForSession>>>;
export interface CreatedBooking {
  created: boolean;
  booking: Booking;
  manageToken: string | null;
}
const m = bookingMessages;

// What the Details and Estimate steps left on the lead; anything unreadable counts as absent.
const leadDataSchema = z
  .object({
    details: z
      .object({ glassCount: z.number().int(), measurements: z.array(z.unknown()) })
      .partial()
      .optional()
      .catch(undefined),
    estimatedPrice: z.number().int().optional().catch(undefined),
    estimate: z
      .object({ discount: z.object({ code: z.string() }).nullish().catch(null) })
      .optional()
      .catch(undefined),
  })
  .catch({});

async function requireLead(db: Db, sessionId: string): Promise<Lead> {
  const lead = await repo.findLeadForSession(db, sessionId);
  if (!lead) throw HttpError.conflict(noLeadMessage, errorCodes.noLead);
  return lead;
}

/** The promo code the stored estimate applied; the request may only repeat it. */
function promoOfEstimate(requested: string | undefined, estimated: string | null) {
  if (requested && requested.toLowerCase() !== estimated?.toLowerCase()) {
    throw HttpError.badRequest(m.promoMismatch, { promoCode: m.promoMismatch });
  }
  return estimated;
}

async function checkPromo(db: Db, code: string, now: Date, enabled: boolean) {
  const promo = enabled ? await repo.findPromoCode(db, code) : null;
  if (!promo) throw HttpError.promoRefused(unknownPromo);
  const refusal = promoRefusal(promo, now);
  // used up since the estimate: a conflict, as when the last use goes to another booking
  if (refusal?.code === errorCodes.promoUsedUp) {
    throw HttpError.conflict(refusal.message, refusal.code);
  }
  if (refusal) throw HttpError.promoRefused(refusal);
  return promo.code;
}

function replay(row: BookingRow, lead: Lead, timezone: string): CreatedBooking {
  if (row.leadId !== lead.id) throw HttpError.conflict(m.idempotencyReused);
  return { created: false, booking: toBookingDto(row, timezone), manageToken: null };
}

/**
 * Turns the session's hold into a booking in one transaction (ADR 007). The customer, price and
 * measurements come from the session's lead, never from the request.
 */
export async function createBooking(
  db: Db,
  outbox: Outbox,
  input: CreateBooking,
  now: Date,
): Promise<CreatedBooking> {
  const [lead, s, earlier] = await Promise.all([
    requireLead(db, input.sessionId),
    readSettings(db, [
      'onsite_glass_threshold',
      'onsite_restriction_enabled',
      'promo_codes_enabled',
      'timezone',
    ]),
    repo.findBookingByIdempotencyKey(db, input.idempotencyKey),
  ]);
  if (earlier) return replay(earlier, lead, s.timezone);

  const data = leadDataSchema.parse(lead.data);
  const glassCount = data.details?.glassCount ?? 0;
  const threshold = s.onsite_glass_threshold;
  if (
    input.serviceType === 'onsite' &&
    !onsiteAvailability(glassCount, threshold, s.onsite_restriction_enabled).available
  ) {
    throw HttpError.badRequest(onsiteRefusal(threshold), { serviceType: onsiteRefusal(threshold) });
  }
  const estimated = promoOfEstimate(input.promoCode, data.estimate?.discount?.code ?? null);
  const promoCode = estimated ? await checkPromo(db, estimated, now, s.promo_codes_enabled) : null;
  const { token, hash } = newManageToken();

  try {
    const row = await inTransaction(db, async (tx) => {
      const hold = await takeHold(tx, input.reservationId, input.sessionId, now);
      if (!hold) throw HttpError.conflict(m.slotTaken, errorCodes.slotTaken);
      const booking = await repo.insertBooking(tx, {
        customerId: lead.customerId,
        leadId: lead.id,
        staffId: hold.staffId,
        serviceType: input.serviceType,
        startTime: hold.startTime,
        endTime: hold.endTime,
        status: 'confirmed',
        notes: input.notes ?? null,
        measurements: data.details?.measurements ?? null,
        estimatedPriceCents: data.estimatedPrice ?? null,
        promoCode,
        manageTokenHash: hash,
        idempotencyKey: input.idempotencyKey,
      });
      if (promoCode && !(await repo.countPromoUse(tx, promoCode))) {
        throw HttpError.conflict(promoMessages.usedUp, errorCodes.promoUsedUp);
      }
      await repo.recordBooked(tx, booking, { leadId: lead.id, sessionId: input.sessionId }, now);
      // the confirmation, reminders and job-tracker job commit with the booking, or not at all
      await queueBookingMessages(tx, outbox, 'created', booking.id, now);
      await queueLeadEvent(tx, outbox, lead.id, 'qualify_lead');
      return booking;
    });
    return { created: true, booking: toBookingDto(row, s.timezone), manageToken: token };
  } catch (err) {
    // The same key sent twice at once: the request that lost answers with the winner's booking.
    const winner = await repo.findBookingByIdempotencyKey(db, input.idempotencyKey);
    if (winner) return replay(winner, lead, s.timezone);
    // bookings_no_overlap: a live booking of this staff member overlaps the hold (ADR 013)
    if (isExclusionViolation(err)) throw HttpError.conflict(m.slotTaken, errorCodes.slotTaken);
    throw err;
  }
}

export async function getBooking(db: Db, id: string): Promise<Booking> {
  const row = await repo.findBookingById(db, id);
  if (!row) throw HttpError.notFound(m.bookingNotFound);
  return toBookingDto(row, (await readSettings(db, ['timezone'])).timezone);
}

export async function setTrakJobId(db: Db, id: string, trakJobId: string | null) {
  const row = await repo.updateTrakJobId(db, id, trakJobId || null);
  if (!row) throw HttpError.notFound(m.bookingNotFound);
  return toBookingDto(row, (await readSettings(db, ['timezone'])).timezone);
}
