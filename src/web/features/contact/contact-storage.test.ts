import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingOption } from '../../../shared/catalogue/catalogue.contract';
import {
  hasPendingSubmissions,
  initialValues,
  isBlankDraft,
  loadDraft,
  type ContactValues,
} from './contact-storage';

const estimate: BookingOption = {
  id: 'estimate',
  label: 'Get an Estimate',
  description: 'Price Estimation from Measurements',
  duration: 30,
};
const consultation: BookingOption = {
  id: 'consultation',
  label: 'Book Consultation',
  description: 'Phone / Onsite Booking',
  duration: 30,
};
const blank: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  bookingOption: 'estimate',
};

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('initialValues', () => {
  it("preselects 'estimate' while the business offers it", () => {
    expect(initialValues(null, [estimate, consultation]).bookingOption).toBe('estimate');
    expect(initialValues(null, [consultation]).bookingOption).toBe('');
  });

  it('restores a draft, but not an option that no longer exists', () => {
    const values = { ...blank, firstName: 'Mia', bookingOption: 'retired-option' };
    expect(initialValues({ values, chosen: null }, [estimate, consultation])).toEqual({
      ...blank,
      firstName: 'Mia',
      bookingOption: 'estimate',
    });
  });
});

describe('isBlankDraft', () => {
  it('is blank when every value is empty or the default', () => {
    expect(isBlankDraft({ values: blank, chosen: null }, 'estimate')).toBe(true);
    expect(isBlankDraft({ values: { ...blank, email: '  ' }, chosen: null }, 'estimate')).toBe(
      true,
    );
  });

  it('is not blank once anything was entered or chosen', () => {
    expect(isBlankDraft({ values: { ...blank, phone: '04' }, chosen: null }, 'estimate')).toBe(
      false,
    );
    expect(
      isBlankDraft(
        { values: { ...blank, bookingOption: 'consultation' }, chosen: null },
        'estimate',
      ),
    ).toBe(false);
  });
});

describe('loadDraft', () => {
  it('reads what was saved and drops what does not belong', () => {
    localStorage.setItem(
      'tintbook:contact-draft',
      JSON.stringify({ values: { firstName: 'Mia', phone: 42, extra: 'x' }, chosen: 'nonsense' }),
    );
    expect(loadDraft()).toEqual({
      values: { ...blank, firstName: 'Mia', bookingOption: '' },
      chosen: null,
    });
  });

  it('survives garbage', () => {
    localStorage.setItem('tintbook:contact-draft', '{not json');
    expect(loadDraft()).toBeNull();
  });
});

describe('hasPendingSubmissions', () => {
  it('is true only for a non-empty list', () => {
    expect(hasPendingSubmissions()).toBe(false);
    localStorage.setItem('tintbook:pending-submissions', '[]');
    expect(hasPendingSubmissions()).toBe(false);
    localStorage.setItem('tintbook:pending-submissions', '[{"id":"1"}]');
    expect(hasPendingSubmissions()).toBe(true);
  });
});
