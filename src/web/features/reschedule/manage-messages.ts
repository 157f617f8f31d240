import type { bookingMessages } from '#shared/booking/booking.contract.ts';

// Copies of the contract's messages, checked at compile time (no zod in this chunk).
type Messages = typeof bookingMessages;
export const manageNotFound: Messages['manageNotFound'] =
  'We could not find that booking. Please check the link in your confirmation.';
export const cancelledMessage: Messages['cancelled'] = 'This booking has been cancelled.';
export const pastMessage: Messages['past'] =
  'This booking has already started, so it can no longer be changed.';
