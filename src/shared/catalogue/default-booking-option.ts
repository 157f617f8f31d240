/**
 * Spec §9: the booking option the contact form starts on. A module of its own because the first
 * screen needs only this, not the whole default catalogue (catalogue-defaults.ts re-exports it).
 */
export const defaultBookingOptionId = 'estimate';
