import { describe, expect, it } from 'vitest';
import type { MessageKind } from '#shared/admin/message-kinds.ts';
import { planBookingMessages, type BookingMessageFacts } from './booking-messages';
import { planBookingChangeMessages } from './booking-change-messages';
import { consultantNoticeStale } from './handlers/consultant-check';

// Issue 28: which notices a booking's change sends its consultants, and when one still goes.

const now = new Date('2026-11-23T22:00:00.000Z'); // Tuesday 24 November, 09:00 in Melbourne
const start = new Date('2026-11-26T23:00:00.000Z');
const sam = { id: 'c1', name: 'Sam', email: 'sam@example.com', mobile: '+61412345678' };
const kim = { id: 'c2', name: 'Kim', email: 'kim@example.com', mobile: null };
const facts = (change: Partial<BookingMessageFacts> = {}): BookingMessageFacts => ({
  booking: {
    id: 'b1',
    leadId: 'l1',
    staffId: 'c1',
    startTime: start,
    calendarSequence: 2,
    trakJobId: null,
  },
  customer: { email: 'jane@example.com', phone: '0412345678' },
  textableMobile: undefined,
  staffEmail: undefined,
  consultant: sam,
  trakEnabled: false,
  ...change,
});
const toConsultants = (messages: ReturnType<typeof planBookingMessages>) =>
  messages
    .filter((m) => m.kind.startsWith('consultant_'))
    .map((m) => ({ key: m.dedupeKey, to: m.recipient, payload: m.payload, at: m.sendAfter }));

describe("a consultant's notices", () => {
  it('tells them of a new booking by e-mail and text, once per calendar version', () => {
    expect(toConsultants(planBookingMessages('created', facts(), now))).toEqual([
      {
        key: 'consultant_booking_new:email:b1:c1:2',
        to: 'sam@example.com',
        payload: { consultantId: 'c1', consultantName: 'Sam' },
        at: undefined,
      },
      {
        key: 'consultant_booking_new:sms:b1:c1:2',
        to: '+61412345678',
        payload: { consultantId: 'c1', consultantName: 'Sam' },
        at: now,
      },
    ]);
  });

  it('says a move at the same consultant is moved, with the earlier time', () => {
    const was = new Date('2026-11-25T23:00:00.000Z');
    const moved = planBookingMessages(
      'rescheduled',
      facts({ before: { startTime: was, staffId: 'c1', consultant: sam } }),
      now,
    );
    expect(toConsultants(moved).map((m) => [m.key, m.payload])).toEqual([
      [
        'consultant_booking_moved:email:b1:c1:2',
        { consultantId: 'c1', consultantName: 'Sam', was: was.toISOString() },
      ],
      [
        'consultant_booking_moved:sms:b1:c1:2',
        { consultantId: 'c1', consultantName: 'Sam', was: was.toISOString() },
      ],
    ]);
  });

  it('cancels it for the one who had it and gives it as new to the one who has it now', () => {
    const reassigned = facts({
      booking: { ...facts().booking, staffId: 'c2' },
      consultant: kim,
      before: { startTime: start, staffId: 'c1', consultant: sam },
    });
    const notices = toConsultants(planBookingMessages('rescheduled', reassigned, now));
    expect(notices.map((m) => [m.key, m.payload?.why])).toEqual([
      ['consultant_booking_cancelled:email:b1:c1:2', 'reassigned'],
      ['consultant_booking_cancelled:sms:b1:c1:2', 'reassigned'],
      ['consultant_booking_new:email:b1:c2:2', 'reassigned'],
    ]);
    // the business hears whose it was when a customer's new time went to another consultant
    const before = { startTime: start, staffId: 'c1', serviceType: 'phone', notes: null };
    const change = planBookingChangeMessages(
      { moved: true, before },
      {
        ...reassigned,
        booking: { ...reassigned.booking, serviceType: 'phone', notes: null },
        staffEmail: 'office@example.com',
      },
      now,
    );
    const notice = change.find((m) => m.kind === 'business_booking_changed');
    expect(notice?.payload).toEqual({ before: { start: start.toISOString(), consultant: 'Sam' } });
  });

  it('tells them of a cancel; nothing for a consultant without e-mail or mobile', () => {
    const cancelled = toConsultants(planBookingMessages('cancelled', facts(), now));
    expect(cancelled.map((m) => m.key)).toEqual([
      'consultant_booking_cancelled:email:b1:c1:2',
      'consultant_booking_cancelled:sms:b1:c1:2',
    ]);
    const unreachable = { ...sam, email: null, mobile: null };
    expect(
      toConsultants(planBookingMessages('created', facts({ consultant: unreachable }), now)),
    ).toEqual([]);
    expect(toConsultants(planBookingMessages('created', facts({ consultant: null }), now))).toEqual(
      [],
    );
  });

  it('holds a text made at night until 08:00, and sends none once the appointment has begun', () => {
    const night = new Date('2026-11-23T11:30:00.000Z'); // 22:30 on Monday
    const [, text] = toConsultants(planBookingMessages('created', facts(), night));
    expect(text?.at).toEqual(new Date('2026-11-23T21:00:00.000Z')); // 08:00 Tuesday
    const early = { ...facts().booking, startTime: new Date('2026-11-23T21:00:00.000Z') };
    const sent = toConsultants(planBookingMessages('created', facts({ booking: early }), night));
    expect(sent.map((m) => m.key)).toEqual(['consultant_booking_new:email:b1:c1:2']);
  });

  it('sends a notice only while it is still true of the consultant', () => {
    const notice = (kind: MessageKind) => ({ kind, payload: { consultantId: 'c1' } });
    const live = { status: 'confirmed', staffId: 'c1' };
    expect(consultantNoticeStale(notice('consultant_booking_new'), live)).toBeUndefined();
    expect(
      consultantNoticeStale(notice('consultant_booking_moved'), { ...live, staffId: 'c2' }),
    ).toEqual({
      skipped: 'The booking was given to another consultant',
    });
    expect(
      consultantNoticeStale(notice('consultant_booking_new'), { ...live, status: 'cancelled' }),
    ).toEqual({
      skipped: 'The booking was cancelled',
    });
    const cancel = notice('consultant_booking_cancelled');
    expect(consultantNoticeStale(cancel, { ...live, status: 'cancelled' })).toBeUndefined();
    expect(consultantNoticeStale(cancel, { ...live, staffId: 'c2' })).toBeUndefined();
    expect(consultantNoticeStale(cancel, live)).toEqual({
      skipped: 'The booking was given back to this consultant',
    });
  });
});
