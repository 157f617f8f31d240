import { describe, expect, it } from 'vitest';
import { withMemoryStorage } from '#tests/helpers/memory-storage.ts';
import { saveDraft, type ContactValues } from '#web/features/contact/contact-storage.ts';
import { contactStillSending, savedContact } from './booking-flow';
import { storageKeys, storedName } from './storage-keys';

const complete: ContactValues = {
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'jane@example.com',
  phone: '0412 345 678',
  address: '12 Smith Street, Fitzroy VIC 3065',
  bookingOption: 'consultation',
};

withMemoryStorage();

describe('savedContact', () => {
  it('reads the draft the Contact step saves, under the same key', () => {
    expect(savedContact()).toBeNull();
    saveDraft({ values: complete, chosen: null });
    expect(savedContact()).toEqual({ bookingOption: 'consultation' });
  });

  it('is null while a required field is empty', () => {
    saveDraft({ values: { ...complete, phone: '  ' }, chosen: null });
    expect(savedContact()).toBeNull();
  });

  it('survives garbage', () => {
    localStorage.setItem(storedName(storageKeys.contactDraft), '{"values":42}');
    expect(savedContact()).toBeNull();
  });
});

describe('contactStillSending', () => {
  it("reads the Contact step's outbox", () => {
    expect(contactStillSending()).toBe(false);
    localStorage.setItem(storedName(storageKeys.pendingSubmissions), '[{"id":"1"}]');
    expect(contactStillSending()).toBe(true);
  });
});
