import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ActivityRow } from './lead-detail.repository';
import { toTimelineEntry } from './lead-timeline';

const row = (action: string, data: ActivityRow['data']): ActivityRow => ({
  id: randomUUID(),
  sessionId: randomUUID(),
  customerId: null,
  leadId: null,
  staffUserId: null,
  action,
  page: null,
  eventType: 'booking',
  eventData: null,
  pageUrl: null,
  ipAddress: null,
  userAgent: null,
  data,
  timestamp: new Date('2026-11-24T01:00:00Z'),
});

describe('the timeline of a booking changed on the reschedule screen (issue 15 item 3)', () => {
  it('names the type change and the notes in words, not the raw action', () => {
    const entry = toTimelineEntry(
      row('booking_details_changed', {
        from: { serviceType: 'phone', notes: null },
        to: { serviceType: 'onsite', notes: 'Side gate' },
      }),
      'Australia/Melbourne',
    );
    expect(entry.kind).toBe('booking_details_changed');
    expect(entry.text).toBe('Booking changed: consultation phone → onsite, notes updated');
    expect(entry.by.kind).toBe('customer');
  });

  it('says which of the two changed', () => {
    const notesOnly = toTimelineEntry(
      row('booking_details_changed', {
        from: { serviceType: 'phone', notes: 'a' },
        to: { serviceType: 'phone', notes: 'b' },
      }),
      'Australia/Melbourne',
    );
    expect(notesOnly.text).toBe('Booking changed: notes updated');
  });
});
