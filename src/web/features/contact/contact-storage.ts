import type { BookingOption } from '#shared/catalogue/catalogue.contract.ts';
import type { StructuredAddress } from '#shared/contact/contact.contract.ts';
import { defaultBookingOptionId } from '#shared/catalogue/default-booking-option.ts';
import { readJson, removeItem, writeJson } from '#web/lib/storage.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';

// First-screen code: no zod. Drafts are checked by hand, because storage holds whatever an
// older version of the app (or a person with devtools) left there.

export const contactFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'bookingOption',
] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactValues = Record<ContactField, string>;

/** A suggestion the person picked, with the text it filled in. */
export interface ChosenAddress {
  text: string;
  structured: StructuredAddress;
}

export interface ContactDraft {
  values: ContactValues;
  chosen: ChosenAddress | null;
}

const draftKey = storageKeys.contactDraft;

export function loadDraft(): ContactDraft | null {
  const stored = readJson(draftKey);
  if (typeof stored !== 'object' || stored === null) return null;
  const { values, chosen } = stored as { values?: unknown; chosen?: unknown };
  if (typeof values !== 'object' || values === null) return null;
  const source = values as Record<string, unknown>;
  const clean = {} as ContactValues;
  for (const field of contactFields) {
    const value = source[field];
    clean[field] = typeof value === 'string' ? value.slice(0, 300) : '';
  }
  return { values: clean, chosen: isChosen(chosen) ? chosen : null };
}

function isChosen(value: unknown): value is ChosenAddress {
  if (typeof value !== 'object' || value === null) return false;
  const { text, structured } = value as { text?: unknown; structured?: unknown };
  return typeof text === 'string' && typeof structured === 'object' && structured !== null;
}

export function saveDraft(draft: ContactDraft): void {
  writeJson(draftKey, draft);
}

export function clearDraft(): void {
  removeItem(draftKey);
}

/** The option picked when nothing was: 'estimate' (spec §9), if the business still offers it. */
export function defaultOptionFor(options: BookingOption[]): string {
  return options.some((option) => option.id === defaultBookingOptionId)
    ? defaultBookingOptionId
    : '';
}

/** What the form shows first: the restored draft, else empty fields and the default option. */
export function initialValues(draft: ContactDraft | null, options: BookingOption[]): ContactValues {
  const fallback = defaultOptionFor(options);
  const values: ContactValues = {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    address: '',
    bookingOption: fallback,
    ...draft?.values,
  };
  // an option the business has since removed cannot stay selected
  if (!options.some((option) => option.id === values.bookingOption))
    values.bookingOption = fallback;
  return values;
}

export function hasPendingSubmissions(): boolean {
  const pending = readJson(storageKeys.pendingSubmissions);
  return Array.isArray(pending) && pending.length > 0;
}
