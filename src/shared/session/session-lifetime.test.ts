import { describe, expect, it } from 'vitest';
import {
  minutesLeft,
  sessionExpiredText,
  sessionStatus,
  sessionWarningText,
} from './session-lifetime';

// A frozen clock: every status is computed at a fixed instant from a fixed last activity.
const lastActivity = new Date('2026-11-24T09:00:00.000Z');
const after = (minutes: number, seconds = 0) =>
  new Date(lastActivity.getTime() + minutes * 60_000 + seconds * 1000);

describe('sessionStatus (spec §4, §9: 60 minutes, warning from 55)', () => {
  it('is active, with the whole hour left, right after activity', () => {
    expect(sessionStatus(lastActivity, lastActivity)).toEqual({
      isExpired: false,
      isWarning: false,
      timeUntilExpiry: 60 * 60_000,
      shouldClearBookingData: false,
      message: 'Session active',
    });
  });

  it('is still active at 54 min 59 s', () => {
    const status = sessionStatus(lastActivity, after(54, 59));
    expect(status).toMatchObject({ isWarning: false, isExpired: false, message: 'Session active' });
    expect(status.timeUntilExpiry).toBe(5 * 60_000 + 1000);
  });

  it('warns from 55 minutes with the minutes left', () => {
    expect(sessionStatus(lastActivity, after(55))).toEqual({
      isExpired: false,
      isWarning: true,
      timeUntilExpiry: 5 * 60_000,
      shouldClearBookingData: false,
      message: 'Session expires in 5 minutes',
    });
    expect(sessionStatus(lastActivity, after(58, 1)).message).toBe('Session expires in 2 minutes');
    expect(sessionStatus(lastActivity, after(59, 59)).message).toBe('Session expires in 1 minutes');
  });

  it('expires at 60 minutes and asks for the booking data to be cleared', () => {
    for (const now of [after(60), after(61), after(60 * 24)]) {
      expect(sessionStatus(lastActivity, now)).toEqual({
        isExpired: true,
        isWarning: false,
        timeUntilExpiry: 0,
        shouldClearBookingData: true,
        message: 'Session expired',
      });
    }
  });

  it('has no session to time without a last activity', () => {
    expect(sessionStatus(null, after(5))).toEqual({
      isExpired: false,
      isWarning: false,
      timeUntilExpiry: null,
      shouldClearBookingData: false,
      message: 'No active session',
    });
  });

  it('treats a last activity ahead of the clock as just now', () => {
    expect(sessionStatus(after(2), lastActivity).timeUntilExpiry).toBe(60 * 60_000);
  });
});

describe('texts (spec §8, verbatim)', () => {
  it('words the warning and the expired notice as the spec does', () => {
    expect(sessionWarningText(5)).toBe(
      "Your session will expire in 5 minutes. Your customer details and measurements will be saved, but you'll need to reselect your booking time.",
    );
    expect(sessionExpiredText).toBe(
      "Your session has expired due to inactivity. Don't worry - we've saved your customer details and measurements!",
    );
  });

  it('rounds the minutes left up', () => {
    expect(minutesLeft(5 * 60_000)).toBe(5);
    expect(minutesLeft(4 * 60_000 + 1)).toBe(5);
    expect(minutesLeft(1)).toBe(1);
    expect(minutesLeft(0)).toBe(0);
  });
});
