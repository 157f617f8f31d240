import { describe, expect, it } from 'vitest';
import { withMemoryStorage } from '#tests/helpers/memory-storage.ts';
import type { BookingOption } from '#shared/catalogue/catalogue.contract.ts';
import {
  defaultBookingOptionId,
  defaultBookingOptions,
} from '#shared/catalogue/catalogue-defaults.ts';
import { storageKeys, storedName } from '#web/lib/storage-keys.ts';
import {
  hasPendingSubmissions,
  initialValues,
  loadDraft,
  type ContactValues,
} from './contact-storage';
import { isBlankDraft } from './use-autosave';

// the options the business starts with, as GET /api/booking-options answers them
const [estimate, consultation] = defaultBookingOptions.map(
  ({ id, label, description, duration }): BookingOption => ({ id, label, description, duration }),
) as [BookingOption, BookingOption];
const blank: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  bookingOption: defaultBookingOptionId,
};

withMemoryStorage();

describe('initialValues', () => {
  it('preselects the default option (spec §9) while the business offers it', () => {
    expect(initialValues(null, [estimate, consultation]).bookingOption).toBe(
      defaultBookingOptionId,
    );
    expect(initialValues(null, [consultation]).bookingOption).toBe('');
  });

  it('restores a draft, but not an option that no longer exists', () => {
    const values = { ...blank, firstName: 'Mia', bookingOption: 'retired-option' };
    expect(initialValues({ values, chosen: null }, [estimate, consultation])).toEqual({
      ...blank,
      firstName: 'Mia',
      bookingOption: defaultBookingOptionId,
    });
  });
});

describe('isBlankDraft', () => {
  it('is blank when every value is empty or the default', () => {
    expect(isBlankDraft({ values: blank, chosen: null }, defaultBookingOptionId)).toBe(true);
    expect(
      isBlankDraft({ values: { ...blank, email: '  ' }, chosen: null }, defaultBookingOptionId),
    ).toBe(true);
  });

  it('is not blank once anything was entered or chosen', () => {
    expect(
      isBlankDraft({ values: { ...blank, phone: '04' }, chosen: null }, defaultBookingOptionId),
    ).toBe(false);
    expect(
      isBlankDraft(
        { values: { ...blank, bookingOption: consultation.id }, chosen: null },
        defaultBookingOptionId,
      ),
    ).toBe(false);
  });
});

describe('loadDraft', () => {
  it('reads what was saved and drops what does not belong', () => {
    localStorage.setItem(
      storedName(storageKeys.contactDraft),
      JSON.stringify({ values: { firstName: 'Mia', phone: 42, extra: 'x' }, chosen: 'nonsense' }),
    );
    expect(loadDraft()).toEqual({
      values: { ...blank, firstName: 'Mia', bookingOption: '' },
      chosen: null,
    });
  });

  it('survives garbage', () => {
    localStorage.setItem(storedName(storageKeys.contactDraft), '{not json');
    expect(loadDraft()).toBeNull();
  });
});

describe('hasPendingSubmissions', () => {
  it('is true only for a non-empty list', () => {
    expect(hasPendingSubmissions()).toBe(false);
    localStorage.setItem(storedName(storageKeys.pendingSubmissions), '[]');
    expect(hasPendingSubmissions()).toBe(false);
    localStorage.setItem(storedName(storageKeys.pendingSubmissions), '[{"id":"1"}]');
    expect(hasPendingSubmissions()).toBe(true);
  });
});
