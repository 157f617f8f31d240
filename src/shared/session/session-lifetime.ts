// Spec §4 "Session lifetime" and §9: one place for the limits and the texts (§8, verbatim), so
// the server's status answer and the browser's own timing (its fallback) can never disagree.

export { sessionLimitMs } from './session-limit';
import { sessionLimitMs } from './session-limit';
export const sessionWarningFromMs = 55 * 60_000;
/** The browser asks the server for the status this often. */
export const sessionPollMs = 60_000;
/** Activity is recorded on the server at most this often. */
export const activityThrottleMs = 30_000;

/** Spec §8 "Session messages". */
export const sessionMessages = {
  expired: 'Session expired',
  expiresIn: (minutes: number) => `Session expires in ${minutes} minutes`,
  active: 'Session active',
  none: 'No active session',
} as const;

/** Spec §8 "Session warning text". */
export const sessionWarningText = (minutes: number) =>
  `Your session will expire in ${minutes} minutes. Your customer details and measurements will be saved, but you'll need to reselect your booking time.`;

/** Spec §8 "Session expired text". */
export const sessionExpiredText =
  "Your session has expired due to inactivity. Don't worry - we've saved your customer details and measurements!";

export interface SessionStatus {
  isExpired: boolean;
  isWarning: boolean;
  /** Milliseconds left; null when there is no session to time. */
  timeUntilExpiry: number | null;
  shouldClearBookingData: boolean;
  message: string;
}

/** Whole minutes left, rounded up: at 55 minutes idle the warning says 5, at 59 min 30 s it says 1. */
export function minutesLeft(timeUntilExpiryMs: number): number {
  return Math.max(0, Math.ceil(timeUntilExpiryMs / 60_000));
}

/** The status of a session last active at `lastActivity`, as seen at `now`. */
export function sessionStatus(lastActivity: Date | null, now: Date): SessionStatus {
  if (!lastActivity) {
    return {
      isExpired: false,
      isWarning: false,
      timeUntilExpiry: null,
      shouldClearBookingData: false,
      message: sessionMessages.none,
    };
  }
  const idle = Math.max(0, now.getTime() - lastActivity.getTime());
  const left = Math.max(0, sessionLimitMs - idle);
  if (idle >= sessionLimitMs) {
    return {
      isExpired: true,
      isWarning: false,
      timeUntilExpiry: 0,
      shouldClearBookingData: true,
      message: sessionMessages.expired,
    };
  }
  if (idle >= sessionWarningFromMs) {
    return {
      isExpired: false,
      isWarning: true,
      timeUntilExpiry: left,
      shouldClearBookingData: false,
      message: sessionMessages.expiresIn(minutesLeft(left)),
    };
  }
  return {
    isExpired: false,
    isWarning: false,
    timeUntilExpiry: left,
    shouldClearBookingData: false,
    message: sessionMessages.active,
  };
}
