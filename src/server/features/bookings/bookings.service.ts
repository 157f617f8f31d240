import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { errorCodes } from '#shared/api/error.ts';
import {
  bookingMessages,
  type Booking,
  type createBookingSchema,
} from '#shared/booking/booking.contract.ts';
import { noLeadMessage } from '#shared/estimate/details.contract.ts';
import { leadFacts, parseLeadData } from '#shared/leads/lead-data.ts';
import { promoMessages, promoRefusal, unknownPromo } from '#shared/pricing/promo.ts';
import { inTransaction, lockStaffSlots, type BookingRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { isExclusionViolation } from '#server/db/errors.ts';
import { readSettings, settingValues } from '#server/db/settings-store.ts';
import { refuseOnsite, requireBooking, slotTaken } from '#server/lib/booking-change-policy.ts';
import { toBookingDto } from '#server/lib/booking-dto.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { newManageToken } from '#server/lib/manage-token.ts';
import { bookingRecipients, planBookingMessages } from '#server/messages/booking-messages.ts';
import { ga4ReadinessOf, planLeadEvent } from '#server/messages/ga4-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import * as repo from './bookings.repository';

type CreateBooking = z.output<typeof createBookingSchema>;
type Lead = NonNullable<Awaited<ReturnType<typeof repo.readBookingRequest>>>['lead'];
export interface CreatedBooking {
  created: boolean;
  booking: Booking;
  manageToken: string | null;
}
const m = bookingMessages;

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

async function replayEarlier(db: Db, idempotencyKey: string, lead: Lead, timezone: string) {
  const row = await repo.findBookingByIdempotencyKey(db, idempotencyKey);
  if (!row) throw new Error('the booking of this idempotency key is gone');
  return replay(row, lead, timezone);
}

/**
 * Turns the session's hold into a booking in one transaction (ADR 007, ADR 028). The customer,
 * price and measurements come from the session's lead, never from the request. What the request
 * is checked against is read first, in one statement; the transaction then takes the staff
 * member's lock, spends the hold on the booking (bookHold), counts the promo code's use and puts
 * the messages the booking sends in the outbox, so it commits with them or not at all.
 */
export async function createBooking(
  db: Db,
  outbox: Outbox,
  input: CreateBooking,
  now: Date,
): Promise<CreatedBooking> {
  const read = await repo.readBookingRequest(db, input);
  if (!read) throw HttpError.conflict(noLeadMessage, errorCodes.noLead);
  const { lead, customer, hold } = read;
  const s = settingValues(new Map(Object.entries(read.settings ?? {})), repo.bookingSettingKeys);
  if (read.earlierId) return replayEarlier(db, input.idempotencyKey, lead, s.timezone);

  const data = parseLeadData(lead.data);
  refuseOnsite(input.serviceType, leadFacts(data, s).onsite);
  const estimated = promoOfEstimate(input.promoCode, data.estimate?.discount?.code ?? null);
  const promoCode = estimated ? await checkPromo(db, estimated, now, s.promo_codes_enabled) : null;
  // no hold of this session by that id (gone, or never its own): nothing to lock or write
  if (!hold) throw slotTaken();
  // a time held for a phone call may be out of reach for a visit (travel), and the other way a
  // consultant may not do it: the customer chooses the time again for the type they book
  if (hold.serviceType && hold.serviceType !== input.serviceType) {
    throw HttpError.conflict(m.holdForOtherService, errorCodes.slotTaken);
  }
  const { token, hash } = newManageToken();
  const values = {
    id: randomUUID() as string,
    customerId: lead.customerId,
    leadId: lead.id,
    serviceType: input.serviceType,
    notes: input.notes ?? null,
    measurements: data.details?.measurements ?? null,
    estimatedPriceCents: data.estimatedPrice ?? null,
    promoCode,
    manageTokenHash: hash,
    idempotencyKey: input.idempotencyKey,
  };
  // the messages are decided before the transaction, from the hold's slot (it never changes)
  const messages = planBookingMessages(
    'created',
    {
      booking: {
        ...values,
        staffId: hold.staffId,
        startTime: hold.startTime,
        calendarSequence: 0,
        trakJobId: null,
      },
      customer,
      ...(await bookingRecipients(db, customer, hold.staffId, s)),
      trakEnabled: s.trak_enabled,
    },
    now,
  );
  const ga4 = ga4ReadinessOf(s).enabled
    ? planLeadEvent('qualify_lead', { id: lead.id, lead, customer })
    : null;
  if (ga4) messages.push(ga4);

  try {
    const row = await inTransaction(db, async (tx) => {
      await lockStaffSlots(tx, hold.staffId);
      const booking = await repo.bookHold(tx, input, values, now);
      if (!booking) throw slotTaken();
      if (promoCode && !(await repo.countPromoUse(tx, promoCode))) {
        throw HttpError.conflict(promoMessages.usedUp, errorCodes.promoUsedUp);
      }
      // the confirmation, reminders, job-tracker job and GA4 event commit with it or not at all
      await outbox.putAll(tx, messages);
      return booking;
    });
    return { created: true, booking: toBookingDto(row, s.timezone), manageToken: token };
  } catch (err) {
    // The same key sent twice at once: the request that lost answers with the winner's booking.
    const winner = await repo.findBookingByIdempotencyKey(db, input.idempotencyKey);
    if (winner) return replay(winner, lead, s.timezone);
    // bookings_no_overlap: a live booking of this staff member overlaps the hold (ADR 013)
    if (isExclusionViolation(err)) throw slotTaken();
    throw err;
  }
}

export async function getBooking(db: Db, id: string): Promise<Booking> {
  const row = requireBooking(await repo.findBookingById(db, id), 'id');
  return toBookingDto(row, (await readSettings(db, ['timezone'])).timezone);
}
