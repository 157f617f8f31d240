import { describe, expect, it } from 'vitest';
import { errorCodes } from '#shared/api/error.ts';
import {
  bookingRefusals,
  cancelRefusal,
  changeRefusal,
  noShowRefusal,
  onsiteServiceRefusal,
} from './booking-change';
import { bookingMessages, onsiteRefusal } from './booking.contract';

const now = new Date('2026-11-23T09:00:00+11:00');
const later = { status: 'confirmed', startTime: new Date('2026-11-23T10:00:00+11:00') };
const startedNow = { status: 'confirmed', startTime: now };
const cancelled = { ...later, status: 'cancelled' };

describe('the booking-change rules (customer link and staff alike)', () => {
  it('lets a live booking that has not started change; not once cancelled or started', () => {
    expect(changeRefusal(later, now)).toBeNull();
    expect(changeRefusal(cancelled, now)).toEqual({
      status: 409,
      code: errorCodes.bookingCancelled,
      message: bookingMessages.cancelled,
    });
    // its start time is the moment it started, as an ISO instant (the demo) too
    for (const started of [startedNow, { ...startedNow, startTime: now.toISOString() }]) {
      expect(changeRefusal(started, now)).toBe(bookingRefusals.started);
    }
    expect(bookingRefusals.started.message).toBe(bookingMessages.past);
  });

  it('cancels twice harmlessly, never once started', () => {
    expect(cancelRefusal(later, now)).toBeNull();
    expect(cancelRefusal(cancelled, now)).toBeNull();
    expect(cancelRefusal({ ...cancelled, startTime: now }, now)).toBeNull();
    expect(cancelRefusal(startedNow, now)).toBe(bookingRefusals.started);
  });

  it('marks a no-show only once the booking started, never on a cancelled one', () => {
    expect(noShowRefusal(startedNow, now)).toBeNull();
    expect(noShowRefusal({ ...startedNow, status: 'no_show' }, now)).toBeNull();
    expect(noShowRefusal(later, now)).toMatchObject({ status: 409, code: errorCodes.conflict });
    expect(noShowRefusal({ ...startedNow, status: 'cancelled' }, now)).toBe(
      bookingRefusals.cancelled,
    );
  });

  it('offers onsite only for jobs with enough panes, on the serviceType field', () => {
    const onsite = { available: false, threshold: 5, restrictionEnabled: true };
    expect(onsiteServiceRefusal('phone', onsite)).toBeNull();
    expect(onsiteServiceRefusal(undefined, onsite)).toBeNull();
    expect(onsiteServiceRefusal('onsite', { ...onsite, available: true })).toBeNull();
    expect(onsiteServiceRefusal('onsite', onsite)).toEqual({
      status: 400,
      code: errorCodes.validation,
      message: onsiteRefusal(5),
      fields: { serviceType: onsiteRefusal(5) },
    });
  });
});
