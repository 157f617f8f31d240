import type { bookingMessages } from '#shared/booking/booking.contract.ts';

// The contract module builds zod schemas when imported; these copies are checked against it at
// compile time (`typeof` is type-only), so the booking chunk carries no schema library.
type Messages = typeof bookingMessages;
export const slotTakenMessage: Messages['slotTaken'] =
  'That time has just been taken. Please choose another.';
export const holdExpiredMessage: Messages['holdExpired'] =
  'Your hold on that time has expired. Please choose a time again.';
export const holdNotFoundMessage: Messages['holdNotFound'] =
  'That hold no longer exists. Please choose a time again.';

/** Spec §5, Booking step. */
export const bookingStepMessages = {
  date: 'Please select a date',
  slot: 'Please select a time slot',
  option: 'Please select a booking option',
  noOnsiteTimes:
    'There are no onsite visit times for your address in the next 30 days. You can book a phone consultation instead.',
} as const;

export const unexpected = 'Something went wrong. Please try again.';
