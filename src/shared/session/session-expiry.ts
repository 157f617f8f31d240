// Spec §4 "On expiry": what a session keeps and what it drops when it expires. One pure function,
// used by the server on the session record and named field by field in the tests.

/** The session record's fields that survive expiry. */
export const preservedSessionFields = [
  'customerData',
  'formData',
  'addressCoordinates',
  'utmData',
] as const;

/** The estimate-related booking data that survives expiry. */
export const preservedBookingFields = [
  'glassCount',
  'measurements',
  'painPoint',
  'serviceType',
  'jobDescription',
  'notes',
  'estimatedPrice',
] as const;

/** The booking data that must be chosen again (a held slot is released). */
export const droppedBookingFields = [
  'selectedDate',
  'selectedTimeSlot',
  'calendarData',
  'availableSlots',
  'bookingId',
  'reservationId',
] as const;

/** Every preserved field name: what the expired notice lists (spec §7 preservedData). */
export const preservedFieldNames: readonly string[] = [
  ...preservedSessionFields,
  ...preservedBookingFields,
];

/** A JSON object as the session record stores it. */
type Json = Record<string, unknown> | null;

export interface ExpirableSession {
  id: string;
  customerId: string | null;
  customerData: Json;
  formData: Json;
  addressCoordinates: { lat: number; lng: number } | null;
  utmData: Json;
  bookingData: Json;
}

export interface ExpiredSessionRecord extends Omit<ExpirableSession, 'bookingData'> {
  bookingData: Record<string, unknown>;
  currentStep: 'contact';
  sessionExpired: true;
  sessionExpiredAt: Date;
  previousSessionId: string;
  lastActivity: Date;
}

/** Only the estimate-related keys of booking data; anything else (date, slot, ids, …) goes. */
export function keepEstimateData(bookingData: Json): Record<string, unknown> {
  if (bookingData === null || Array.isArray(bookingData)) return {};
  const source = bookingData;
  const kept: Record<string, unknown> = {};
  for (const field of preservedBookingFields) {
    if (source[field] !== undefined) kept[field] = source[field];
  }
  return kept;
}

/**
 * The new session that replaces an expired one: a new id, flagged expired, pointing back at the
 * previous one, step at contact, keeping the preserved fields and nothing else.
 */
export function expireSession(
  previous: ExpirableSession,
  newSessionId: string,
  now: Date,
): ExpiredSessionRecord {
  return {
    id: newSessionId,
    customerId: previous.customerId,
    customerData: previous.customerData ?? null,
    formData: previous.formData ?? null,
    addressCoordinates: previous.addressCoordinates ?? null,
    utmData: previous.utmData ?? null,
    bookingData: keepEstimateData(previous.bookingData),
    currentStep: 'contact',
    sessionExpired: true,
    sessionExpiredAt: now,
    previousSessionId: previous.id,
    lastActivity: now,
  };
}
