import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/admin/messages.contract.ts';
import { canRetry, kindLabel, stateLabel, whenLabel } from './message-labels';

const message = (change: Partial<Message> = {}): Message => ({
  id: '5f0f7a52-3c1e-4d4b-9a57-0c3c2b1a0d9e',
  channel: 'email',
  kind: 'booking_confirmed',
  recipient: 'jane@example.com',
  status: 'queued',
  attempts: 0,
  lastError: null,
  provider: null,
  bookingId: null,
  leadId: null,
  sendAfter: '2026-11-23T22:00:00.000Z',
  sentAt: null,
  deliveredAt: null,
  createdAt: '2026-11-23T22:00:00.000Z',
  updatedAt: '2026-11-23T22:00:00.000Z',
  ...change,
});
const at = Date.parse('2026-11-23T22:00:00.000Z'); // Tuesday 24 November, 9:00 am in Melbourne

describe('the words of a message row', () => {
  it('names every kind the server queues, and spells out one it does not know', () => {
    expect(kindLabel('booking_confirmed')).toBe('Booking confirmation');
    expect(kindLabel('reminder_24h')).toBe('Reminder (24 hours)');
    expect(kindLabel('business_new_lead')).toBe('New lead (to you)');
    expect(kindLabel('form_completion')).toBe('Form webhook');
    expect(kindLabel('test')).toBe('Test');
    expect(kindLabel('some_new_kind')).toBe('Some new kind');
  });

  it('says a message sent to the log went nowhere', () => {
    expect(stateLabel(message({ status: 'sent', provider: 'smtp' }))).toBe('Sent');
    expect(stateLabel(message({ status: 'sent', provider: 'log' }))).toBe(
      'Logged only (no provider set up)',
    );
    expect(stateLabel(message({ status: 'dead' }))).toBe('Failed');
  });

  it('offers Retry only for failed ones', () => {
    expect(canRetry(message({ status: 'failed' }))).toBe(true);
    expect(canRetry(message({ status: 'dead' }))).toBe(true);
    expect(canRetry(message({ status: 'sent' }))).toBe(false);
  });

  it('gives the moment that matters, in Melbourne time', () => {
    expect(whenLabel(message(), at)).toBe('Queued Tue 24 Nov, 9:00 am');
    const later = message({ sendAfter: '2026-12-14T22:00:00.000Z' });
    expect(whenLabel(later, at)).toBe('Due Tue 15 Dec, 9:00 am');
    const sent = message({ status: 'sent', sentAt: '2026-11-23T22:05:00.000Z' });
    expect(whenLabel(sent, at)).toBe('Sent Tue 24 Nov, 9:05 am');
    const dead = message({ status: 'dead', updatedAt: '2026-11-23T23:30:00.000Z' });
    expect(whenLabel(dead, at)).toBe('Last tried Tue 24 Nov, 10:30 am');
  });
});
