import { readJson } from './storage';
import { storageKeys } from './storage-keys';

export interface ContactSummary {
  firstName: string;
  email: string;
  address: string;
}

/**
 * The name, e-mail and address the Contact step saved, for the confirmation (which says where
 * the confirmation e-mail went) and the calendar entry.
 */
export function contactSummary(): ContactSummary {
  const draft = readJson(storageKeys.contactDraft) as { values?: unknown } | null;
  const values =
    typeof draft?.values === 'object' && draft.values !== null
      ? (draft.values as Record<string, unknown>)
      : {};
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 200) : '');
  return {
    firstName: text(values.firstName),
    email: text(values.email),
    address: text(values.address),
  };
}
