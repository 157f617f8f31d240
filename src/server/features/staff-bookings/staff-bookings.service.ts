import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages, type Availability } from '#shared/booking/booking.contract.ts';
import type { VisitPlace } from '#shared/booking/consultant.ts';
import {
  phoneInMessages,
  type phoneInBookingSchema,
  type PhoneInResult,
  type staffAvailabilityQuerySchema,
} from '#shared/staff/phone-in.contract.ts';
import { visitOfBooking } from '#server/db/booking-lookups.ts';
import { inTransaction, lockStaffSlots } from '#server/db/booking-store.ts';
import { insertStaffBooking } from '#server/db/booking-writes.ts';
import type { Db } from '#server/db/client.ts';
import { insertStaffCustomer } from '#server/db/customer-writes.ts';
import { isExclusionViolation } from '#server/db/errors.ts';
import { insertStaffLead } from '#server/db/lead-writes.ts';
import type { StaffActor } from '#server/db/staff-activity.ts';
import type { DriveTimes } from '#server/integrations/maps/drive-times.ts';
import type { MapsProvider } from '#server/integrations/maps/maps-provider.ts';
import { slotTaken } from '#server/lib/booking-change-policy.ts';
import { availabilityAt } from '#server/lib/availability-at.ts';
import { toBookingDto } from '#server/lib/booking-dto.ts';
import { chosenPlace, resolveCustomerAddress } from '#server/lib/customer-place.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { inOrderOfLoad, offeredSlotsAt } from '#server/lib/offered-slots.ts';
import { queueBookingMessages } from '#server/messages/booking-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';

// Issue 28: staff book a customer who phones in, from the times the booking page would offer for
// that address, and see those times (also for moving an onsite booking) with its drives.

/** The address provider, the log its failures go to, and where drives come from. */
type Maps = { maps: MapsProvider; log: FastifyBaseLogger; driveTimes?: DriveTimes | undefined };
type StaffAvailabilityQuery = z.output<typeof staffAvailabilityQuerySchema>;
type PhoneIn = z.output<typeof phoneInBookingSchema>;

const onsiteNeedsPlace = () =>
  HttpError.badRequest(phoneInMessages.onsiteNeedsPlace, {
    placeId: phoneInMessages.onsiteNeedsPlace,
  });

async function visitOfPlace(placeId: string, { maps, log }: Maps): Promise<VisitPlace> {
  const place = await chosenPlace(maps, placeId, log);
  if (!place) {
    const message = phoneInMessages.placeNotFound;
    throw HttpError.badRequest(message, { placeId: message });
  }
  return { ...place.location, postcode: place.postcode };
}

/**
 * The free times of the horizon for a service, as the booking page would offer them to that
 * address (onsite: `placeId`, or the place of the booking being moved, whose own time and drives
 * are then not in the way), optionally of one consultant.
 */
export async function staffAvailability(
  db: Db,
  query: StaffAvailabilityQuery,
  maps: Maps,
  now: Date,
): Promise<Availability> {
  const { serviceType } = query;
  let visit: VisitPlace | null = null;
  if (serviceType === 'onsite') {
    if (query.placeId) visit = await visitOfPlace(query.placeId, maps);
    else if (query.bookingId) visit = await visitOfBooking(db, query.bookingId);
    if (!visit) throw onsiteNeedsPlace();
  }
  return availabilityAt(
    db,
    {
      serviceType,
      visit,
      from: query.from,
      to: query.to,
      consultantId: query.consultantId,
      exceptBookingId: query.bookingId,
    },
    maps.driveTimes,
    now,
  );
}

/**
 * Books a customer who phoned in: their record, a lead with source 'phone' and the booking, in
 * one transaction under the consultant's lock, with the messages a booking sends (the customer's
 * e-mail and text when given). Without a consultant named, the free one with the fewest bookings
 * that day gets it, as for the booking page; a race lost to another booking tries the next.
 */
export async function bookPhoneIn(
  db: Db,
  outbox: Outbox,
  input: PhoneIn,
  staff: StaffActor,
  maps: Maps,
  now: Date,
): Promise<PhoneInResult> {
  const { customer } = input;
  const address = await resolveCustomerAddress(maps.maps, maps.log, customer, 'customer.address');
  let visit: VisitPlace | null = null;
  if (input.serviceType === 'onsite') {
    if (address.addressLat == null || address.addressLng == null) throw onsiteNeedsPlace();
    visit = { lat: address.addressLat, lng: address.addressLng, postcode: address.postcode };
  }
  const asked = {
    startTime: input.startTime,
    staffId: input.consultantId,
    serviceType: input.serviceType,
    visit,
    driveTimes: maps.driveTimes,
  };
  const { slots, timezone } = await offeredSlotsAt(db, asked, now);
  const m = bookingMessages;
  if (slots.length === 0) throw HttpError.badRequest(m.notASlot, { startTime: m.notASlot });
  const free = await inOrderOfLoad(
    db,
    slots.filter((s) => s.available),
    timezone,
  );
  const details = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email ?? '',
    phone: customer.phone,
    ...address,
  };
  for (const slot of free) {
    const mine = { ...asked, staffId: slot.staffId };
    try {
      return await inTransaction(db, async (tx) => {
        await lockStaffSlots(tx, slot.staffId);
        // the drives are no constraint of the database: worked out again under the lock
        if (!(await offeredSlotsAt(tx, mine, now)).slots.some((s) => s.available)) {
          throw slotTaken();
        }
        const { id: customerId } = await insertStaffCustomer(tx, details);
        const { email, phone } = details;
        const contactFormData = { ...customer, email, phone };
        const lead = await insertStaffLead(tx, { customerId, data: { contactFormData } });
        const values = {
          id: randomUUID() as string,
          customerId,
          leadId: lead.id,
          serviceType: input.serviceType,
          notes: input.notes || null,
          measurements: null,
          estimatedPriceCents: null,
          promoCode: null,
          // no link is given here: each message to the customer mints its own (booking-context.ts)
          manageTokenHash: null,
          idempotencyKey: null,
          visitLat: visit?.lat ?? null,
          visitLng: visit?.lng ?? null,
        };
        const when = {
          staffId: slot.staffId,
          startTime: new Date(slot.startTime),
          endTime: new Date(slot.endTime),
        };
        const row = await insertStaffBooking(tx, values, when, staff, now);
        await queueBookingMessages(tx, outbox, 'created', row.id, now);
        return { booking: toBookingDto(row, timezone), leadId: lead.id, customerId };
      });
    } catch (err) {
      // bookings_no_overlap or the drives: taken meanwhile; the next free consultant may have it
      const lost = err instanceof HttpError && err.code === errorCodes.slotTaken;
      if (!lost && !isExclusionViolation(err)) throw err;
    }
  }
  throw slotTaken();
}
