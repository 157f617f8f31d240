import { errorCodes } from '#shared/api/error.ts';
import {
  bookingMessages as m,
  createBookingSchema,
  holdOwnerSchema,
  holdRequestSchema,
  rescheduleSchema,
  type Availability,
  type Booking,
  type Hold,
  type ManageBooking,
} from '#shared/booking/booking.contract.ts';
import {
  bookingRefusals,
  cancelRefusal,
  changeRefusal,
  onsiteServiceRefusal,
  type BookingRefusal,
} from '#shared/booking/booking-change.ts';
import { defaultBookingRules as rules } from '#shared/booking/booking-rules.ts';
import { addDays, dateIn, toOffsetIso } from '#shared/booking/calendar.ts';
import { friendlyTime } from '#shared/booking/friendly-time.ts';
import { nextBookingDate } from '#shared/booking/next-booking-date.ts';
import { generateSlots } from '#shared/booking/slots.ts';
import { newUuid } from '#web/lib/session-id.ts';
import { parse, refuse, route, type DemoRoute } from './demo-http';
import { factsOf, leadOfSession } from './demo-customer';
import {
  demoConsultants,
  transact,
  type DemoBooking,
  type DemoData,
  type DemoHold,
  type DemoLead,
} from './demo-store';

// Slots, holds, bookings and the manage link in the demo: the calendar is the server's own pure
// function (src/shared/booking/slots.ts) over the bookings and holds kept in this browser.

const staff = demoConsultants;
const holdMinutes = 10;

const live = (data: DemoData, now: number) => ({
  bookings: data.bookings.filter((b) => b.status !== 'cancelled'),
  holds: data.holds.filter((h) => new Date(h.expiresAt).getTime() > now),
});

function availability(serviceType: string, sessionId: string | null): Promise<Availability> {
  return transact((data) => {
    const now = new Date();
    const from = dateIn(now, rules.timezone);
    const to = addDays(from, rules.horizonDays);
    const busy = live(data, now.getTime());
    const holds = busy.holds.filter((h) => h.sessionId !== sessionId);
    const days = generateSlots({ rules, staff, bookings: busy.bookings, holds, now, from, to });
    return { from, to, timezone: rules.timezone, serviceType: serviceType as 'phone', days };
  });
}

function createHold(body: unknown): Promise<Hold> {
  const input = parse(holdRequestSchema, body);
  return transact((data) => {
    const now = new Date();
    // the slot's own text (Melbourne offset) names its Melbourne date
    const date = input.startTime.slice(0, 10);
    const busy = live(data, now.getTime());
    // the session's earlier hold goes: one time held per visitor, as on the server
    const others = busy.holds.filter((h) => h.sessionId !== input.sessionId);
    const [day] = generateSlots({
      rules,
      staff,
      ...busy,
      holds: others,
      now,
      from: date,
      to: date,
    });
    const slots = (day?.slots ?? []).filter(
      (s) => s.startTime === input.startTime && (!input.staffId || s.staffId === input.staffId),
    );
    if (slots.length === 0) throw refuse(400, errorCodes.validation, m.notASlot);
    const slot = slots.find((s) => s.available);
    if (!slot) throw refuse(409, errorCodes.slotTaken, m.slotTaken);
    const hold: DemoHold = {
      reservationId: newUuid(),
      sessionId: input.sessionId,
      staffId: slot.staffId,
      startTime: slot.startTime,
      endTime: slot.endTime,
      expiresAt: toOffsetIso(now.getTime() + holdMinutes * 60_000, rules.timezone),
    };
    data.holds = [...others, hold];
    return holdDto(hold);
  });
}

const holdDto = ({ reservationId, expiresAt, staffId, startTime, endTime }: DemoHold): Hold => ({
  reservationId,
  expiresAt,
  staffId,
  startTime,
  endTime,
});

function takeHold(data: DemoData, reservationId: string, sessionId: string): DemoHold {
  const hold = data.holds.find((h) => h.reservationId === reservationId);
  if (!hold || hold.sessionId !== sessionId) {
    throw refuse(404, errorCodes.holdNotFound, m.holdNotFound);
  }
  if (new Date(hold.expiresAt).getTime() <= Date.now()) {
    throw refuse(409, errorCodes.holdExpired, m.holdExpired);
  }
  data.holds = data.holds.filter((h) => h !== hold);
  return hold;
}

export function bookingDto(b: DemoBooking): Booking {
  return {
    id: b.id,
    customerId: b.customerId,
    staffId: b.staffId,
    serviceType: b.serviceType,
    // times carry the Melbourne offset: the text names the Melbourne date
    date: b.startTime.slice(0, 10),
    timeSlot: {
      id: `${b.staffId}:${b.startTime}`,
      startTime: b.startTime,
      endTime: b.endTime,
      available: false,
      staffId: b.staffId,
    },
    status: b.status,
    notes: b.notes,
    measurements: null,
    estimatedPrice: b.estimatedPrice,
    promoCode: null,
    trakJobId: null,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

/** A refusal of the booking-change rules (src/shared/booking/booking-change.ts), as the server's. */
const refused = ({ status, code, message, fields }: BookingRefusal) =>
  refuse(status, code, message, fields);
function refuseIf(refusal: BookingRefusal | null) {
  if (refusal) throw refused(refusal);
}

/** Onsite visits only for jobs with enough panes: the server's 400. */
function refuseOnsite(data: DemoData, serviceType: string | undefined, lead: DemoLead | undefined) {
  refuseIf(onsiteServiceRefusal(serviceType, factsOf(data, lead).onsite));
}

function createBooking(body: unknown) {
  const input = parse(createBookingSchema, body);
  return transact((data) => {
    const replay = data.bookings.find((b) => b.idempotencyKey === input.idempotencyKey);
    if (replay) return { booking: bookingDto(replay), manageToken: null };
    const lead = leadOfSession(data, input.sessionId);
    refuseOnsite(data, input.serviceType, lead);
    const hold = takeHold(data, input.reservationId, input.sessionId);
    const now = new Date().toISOString();
    const booking: DemoBooking = {
      id: newUuid(),
      leadId: lead.id,
      customerId: lead.customerId,
      sessionId: input.sessionId,
      staffId: hold.staffId,
      serviceType: input.serviceType,
      startTime: hold.startTime,
      endTime: hold.endTime,
      status: 'pending',
      notes: input.notes ?? null,
      estimatedPrice: lead.estimate?.totalCents ?? null,
      idempotencyKey: input.idempotencyKey,
      manageToken: newUuid(),
      history: [{ action: 'booked', at: now, from: null }],
      createdAt: now,
      updatedAt: now,
    };
    data.bookings.push(booking);
    lead.stage = 'booked';
    lead.updatedAt = now;
    return { booking: bookingDto(booking), manageToken: booking.manageToken };
  });
}

const leadOf = (data: DemoData, b: DemoBooking) => data.leads.find((l) => l.id === b.leadId);

function manageView(data: DemoData, b: DemoBooking): ManageBooking {
  const customer = data.customers.find((c) => c.id === b.customerId);
  const { glassCount, onsite } = factsOf(data, leadOf(data, b));
  return {
    booking: bookingDto(b),
    customer: { firstName: customer?.firstName ?? null, address: customer?.address ?? null },
    // one more per change of the calendar entry
    calendarSequence: b.history.length - 1,
    onsite: { ...onsite, glassCount },
    status: b.status,
    startsAt: friendlyTime(new Date(b.startTime), rules.timezone),
    canChange: changeRefusal(b, new Date()) === null,
  };
}

function byToken(data: DemoData, token: string): DemoBooking {
  const booking = data.bookings.find((b) => b.manageToken === token);
  if (!booking) throw refused(bookingRefusals.linkNotFound);
  return booking;
}

function reschedule(token: string, body: unknown) {
  const ids = parse(rescheduleSchema, body);
  return transact((data) => {
    const booking = byToken(data, token);
    refuseIf(changeRefusal(booking, new Date()));
    refuseOnsite(data, ids.serviceType, leadOf(data, booking));
    const now = new Date().toISOString();
    if (ids.reservationId && ids.sessionId) {
      const hold = takeHold(data, ids.reservationId, ids.sessionId);
      booking.history.push({ action: 'rescheduled', at: now, from: booking.startTime });
      Object.assign(booking, {
        staffId: hold.staffId,
        startTime: hold.startTime,
        endTime: hold.endTime,
      });
    }
    if (ids.serviceType) booking.serviceType = ids.serviceType;
    if (ids.notes !== undefined) booking.notes = ids.notes || null;
    booking.updatedAt = now;
    return manageView(data, booking);
  });
}

function cancel(token: string) {
  return transact((data) => {
    const booking = byToken(data, token);
    refuseIf(cancelRefusal(booking, new Date()));
    if (booking.status !== 'cancelled') {
      const now = new Date().toISOString();
      booking.history.push({ action: 'cancelled', at: now, from: null });
      Object.assign(booking, { status: 'cancelled', updatedAt: now });
    }
    return manageView(data, booking);
  });
}

export const bookingRoutes: DemoRoute[] = [
  route('GET', '/availability', ({ query }) =>
    availability(query.get('serviceType') ?? 'phone', query.get('sessionId')),
  ),
  route('GET', '/trak/next-booking-date', () =>
    transact((data) => ({
      nextBookingDate: nextBookingDate({
        rules,
        staff,
        ...live(data, Date.now()),
        now: new Date(),
      }),
    })),
  ),
  route('POST', '/holds', ({ body }) => createHold(body)),
  route('PUT', '/holds/:id', ({ params, body }) =>
    transact((data) => {
      const { sessionId } = parse(holdOwnerSchema, body);
      const hold = takeHold(data, params[0]!, sessionId);
      hold.expiresAt = toOffsetIso(Date.now() + holdMinutes * 60_000, rules.timezone);
      data.holds.push(hold);
      return holdDto(hold);
    }),
  ),
  route('DELETE', '/holds/:id', ({ params, query }) =>
    transact((data) => {
      const sessionId = query.get('sessionId');
      data.holds = data.holds.filter(
        (h) => !(h.reservationId === params[0] && h.sessionId === sessionId),
      );
      return null;
    }),
  ),
  route('POST', '/bookings', ({ body }) => createBooking(body)),
  route('GET', '/manage/:token', ({ params }) =>
    transact((data) => manageView(data, byToken(data, params[0]!))),
  ),
  // the demo has no drives: a move is offered the booking page's times
  route('GET', '/manage/:token/availability', ({ query }) =>
    availability(query.get('serviceType') ?? 'phone', query.get('sessionId')),
  ),
  route('POST', '/manage/:token/reschedule', ({ params, body }) => reschedule(params[0]!, body)),
  route('POST', '/manage/:token/cancel', ({ params }) => cancel(params[0]!)),
];
