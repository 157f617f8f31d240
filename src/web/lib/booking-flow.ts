import { readJson } from './storage';
import { storageKeys } from './storage-keys';

// The Contact step's state as the later steps see it: read here, under the keys the Contact
// step writes (storage-keys.ts), instead of importing a sibling feature.

const requiredContactFields = ['firstName', 'lastName', 'email', 'phone', 'address'] as const;

export interface SavedContact {
  /** The booking option chosen on Contact ('estimate', 'consultation', …). */
  bookingOption: string;
}

/**
 * The Contact step as far as this browser knows: null until its form was filled in. Only the
 * browser's best guess; the server has the last word (409 NO_LEAD when the session has no lead).
 */
export function savedContact(): SavedContact | null {
  const draft = readJson(storageKeys.contactDraft);
  if (typeof draft !== 'object' || draft === null) return null;
  const { values } = draft as { values?: unknown };
  if (typeof values !== 'object' || values === null) return null;
  const fields = values as Record<string, unknown>;
  const complete = requiredContactFields.every((name) => {
    const value = fields[name];
    return typeof value === 'string' && value.trim() !== '';
  });
  if (!complete) return null;
  const { bookingOption } = fields;
  return { bookingOption: typeof bookingOption === 'string' ? bookingOption : '' };
}

/** A contact submission made while the server was away, still waiting in the outbox. */
export function contactStillSending(): boolean {
  const pending = readJson(storageKeys.pendingSubmissions);
  return Array.isArray(pending) && pending.length > 0;
}
