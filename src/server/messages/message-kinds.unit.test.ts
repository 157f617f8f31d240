import { describe, expect, it } from 'vitest';
import { isKindOf, kindsFor, messageKindNames } from '#shared/admin/message-kinds.ts';
import { planBookingMessages } from './booking-messages';
import { planBookingCancelMessages } from './booking-change-messages';
import { emailTemplates } from './templates/email-templates';
import { smsTemplates } from './templates/sms-texts';

const now = new Date('2026-11-23T22:00:00.000Z');
const facts = {
  booking: {
    id: 'b1',
    leadId: 'l1',
    staffId: 'c1',
    startTime: new Date('2026-11-26T23:00:00.000Z'),
    calendarSequence: 2,
    trakJobId: null,
  },
  customer: { email: 'jane@example.com', phone: '0412345678' },
  textableMobile: '+61412345678',
  staffEmail: 'office@example.com',
  consultant: null,
  trakEnabled: true,
};

describe('message kinds', () => {
  // dedupe keys are stored: a message queued before a deploy must still dedupe after it
  it('keeps the dedupe keys kind:channel:booking[:extra]', () => {
    const keys = planBookingMessages('created', facts, now).map((m) => m.dedupeKey);
    const start = facts.booking.startTime.toISOString();
    expect(keys).toEqual([
      'booking_confirmed:email:b1',
      'business_new_booking:email:b1',
      'booking_confirmed:sms:b1',
      `reminder_24h:email:b1:${start}`,
      `reminder_24h:sms:b1:${start}`,
      `reminder_2h:email:b1:${start}`,
      `reminder_2h:sms:b1:${start}`,
      'trak_create_job:job_tracker:b1:created',
    ]);
    const moved = planBookingMessages('rescheduled', facts, now).map((m) => m.dedupeKey);
    expect(moved[0]).toBe('booking_rescheduled:email:b1:2');
    expect(moved.at(-1)).toBe('trak_update_job:job_tracker:b1:rescheduled:2');
    const cancelled = planBookingCancelMessages(facts, now).map((m) => m.dedupeKey);
    expect(cancelled).toContain('business_booking_cancelled:email:b1');
  });

  it('queues each kind only on a channel that carries it, and every one has its template', () => {
    for (const m of planBookingMessages('created', facts, now)) {
      expect(isKindOf(m.kind, m.channel)).toBe(true);
    }
    const byEmail = messageKindNames.filter((kind) => isKindOf(kind, 'email'));
    expect(Object.keys(emailTemplates).sort()).toEqual(byEmail.sort());
    const byText = messageKindNames.filter((kind) => isKindOf(kind, 'sms'));
    expect(Object.keys(smsTemplates).sort()).toEqual(byText.sort());
    expect(isKindOf('form_completion', 'email')).toBe(false);
    expect(isKindOf('no_such_kind', 'email')).toBe(false);
  });

  it("names the business's notices by their audience", () => {
    expect(kindsFor('business').filter((kind) => kind !== 'test')).toEqual([
      'business_new_booking',
      'business_booking_changed',
      'business_booking_cancelled',
      'business_new_lead',
      'backup_failed',
    ]);
    expect(kindsFor('consultant')).toEqual([
      'consultant_booking_new',
      'consultant_booking_moved',
      'consultant_booking_cancelled',
    ]);
  });
});
