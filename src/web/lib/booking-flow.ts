import { readJson } from './storage';

// The Contact step keeps its state under these keys (features/contact/contact-storage.ts; the
// unit test beside this file checks they agree). Later steps read them here instead of
// importing a sibling feature.
export const contactDraftKey = 'contact-draft';
export const pendingSubmissionsKey = 'pending-submissions';

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
  const draft = readJson(contactDraftKey);
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
  const pending = readJson(pendingSubmissionsKey);
  return Array.isArray(pending) && pending.length > 0;
}
