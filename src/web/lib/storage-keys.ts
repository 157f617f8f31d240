// Every key the app keeps in browser storage, declared here once: the modules that read and
// write them, the unit tests and the e2e specs all import them from here, so a renamed key
// cannot leave a reader behind. public/theme-init.js cannot import: storage-keys.test.ts checks
// its copy of the theme key.

/** Written before every key, so the app's entries stand apart from anything else on the origin. */
export const storagePrefix = 'tintbook:';

/** localStorage: kept across visits. */
export const storageKeys = {
  /** lib/session-id.ts: the booking session id. */
  sessionId: 'session-id',
  /** lib/landing.ts: the first page of the visit and its utm_* parameters. */
  landing: 'landing',
  /** features/contact/contact-storage.ts: the Contact form as typed. */
  contactDraft: 'contact-draft',
  /** features/contact/submission-outbox.ts: contact submissions waiting for the server. */
  pendingSubmissions: 'pending-submissions',
  /** features/details/details-storage.ts: the Details form as typed. */
  detailsDraft: 'details-draft',
  /** lib/saved-details.ts: the details the server accepted, for the later steps. */
  detailsSaved: 'details-saved',
  /** lib/active-promo.ts: the session's promo code. */
  promoCode: 'promo-code',
  /** features/files/upload-list-storage.ts: receipts of the uploaded files. */
  uploadedFiles: 'uploaded-files',
  /** lib/last-booking.ts: the booking just made, for /confirmation. */
  lastBooking: 'last-booking',
  /** lib/staff-session.ts: a hint that staff are signed in on this browser. */
  staffSignedIn: 'staff-signed-in',
  /** lib/pain-points.ts: the pain points last read from the server (spec §3 override). */
  painPoints: 'pain-points',
  /** lib/request-outbox.ts: step saves (Details) waiting for the server. */
  pendingRequests: 'step-outbox',
  /** lib/session-lifetime: the visitor's last activity (ms), shared by every tab (spec §4). */
  sessionActivity: 'session-activity',
  /** lib/session-lifetime: the session was replaced on expiry (previous id, when). */
  sessionExpired: 'session-expired',
  /** lib/attribution.ts: this landing's UTM capture id and the GA client id made here. */
  attribution: 'attribution',
  /** lib/embed/embed-host.ts: the site page this booking frame is shown on (issue 30). */
  embedHost: 'embed-host',
  /** features/shell/theme.ts: the chosen light or dark theme. */
  theme: 'theme',
} as const;
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** sessionStorage: this tab only. */
export const sessionStorageKeys = {
  /** features/booking/booking-attempt.ts: the idempotency key of a booking attempt. */
  bookingAttempt: 'booking-attempt',
} as const;
export type SessionStorageKey = (typeof sessionStorageKeys)[keyof typeof sessionStorageKeys];

/** The name a key has in storage itself, for code that reads storage directly (tests, e2e). */
export function storedName(key: StorageKey | SessionStorageKey): string {
  return storagePrefix + key;
}
