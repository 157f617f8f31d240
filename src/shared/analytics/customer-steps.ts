// The customer's own steps, as the browser records them with POST /api/activities (spec §7) and
// the lead's timeline shows them: one summary per visit, not one row per step (issue 26 item 4).
// Booked is the booking's own row ('booking_created'), written by the server with the booking.

/** activities.event_type of these rows: what marks them as the customer's journey. */
export const customerStepEventType = 'customer_step';

export const customerSteps = {
  /** The Details step saved: data { glassCount, painPoint (its name) }. */
  detailsGiven: 'details_given',
  /** One file uploaded: data { count: 1 }. */
  fileUploaded: 'file_uploaded',
  /** The estimate shown: data { totalCents }. */
  estimateSeen: 'estimate_seen',
  /** The Booking step opened. */
  bookingOpened: 'booking_opened',
  /** The page left (hidden) on a step before booking: the visit abandoned, unless more follows. */
  left: 'left_without_booking',
} as const;
export type CustomerStep = (typeof customerSteps)[keyof typeof customerSteps];

export const isCustomerStep = (action: string): action is CustomerStep =>
  (Object.values(customerSteps) as string[]).includes(action);

/** A visit ends after this long without a step (the session's own inactivity limit, spec §4). */
export const visitGapMs = 60 * 60_000;

/** The flow's steps where leaving means leaving without a booking. */
export const stepPagesBeforeBooking = ['/measurement', '/files', '/estimate', '/booking'];
