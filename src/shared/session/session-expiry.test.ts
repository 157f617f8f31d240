import { describe, expect, it } from 'vitest';
import {
  droppedBookingFields,
  expireSession,
  preservedBookingFields,
  preservedFieldNames,
} from './session-expiry';

const now = new Date('2026-11-24T10:00:00.000Z');

const previous = {
  id: '11111111-1111-4111-8111-111111111111',
  customerId: '22222222-2222-4222-8222-222222222222',
  customerData: { firstName: 'Alex', lastName: 'Citizen', email: 'alex@example.com' },
  formData: { bookingOption: 'estimate', address: '1 Example Street, Melbourne VIC 3000' },
  addressCoordinates: { lat: -37.81, lng: 144.96 },
  utmData: { source: 'google', medium: 'cpc', campaign: 'winter-tint' },
  bookingData: {
    glassCount: 3,
    measurements: [{ length: 1.2, width: 0.9, sqm: 1.08 }],
    painPoint: 'thermal',
    serviceType: 'estimate',
    jobDescription: 'Lounge windows',
    notes: 'Side gate',
    estimatedPrice: 4860,
    selectedDate: '2026-11-25',
    selectedTimeSlot: { id: 'slot', startTime: '10:00', endTime: '10:30' },
    calendarData: { month: '2026-11' },
    availableSlots: [{ id: 'a' }],
    bookingId: '33333333-3333-4333-8333-333333333333',
    reservationId: '44444444-4444-4444-8444-444444444444',
  },
};

describe('expireSession (spec §4 "On expiry")', () => {
  const fresh = expireSession(previous, '55555555-5555-4555-8555-555555555555', now);

  it('makes a new session, flagged expired, pointing back, at the contact step', () => {
    expect(fresh).toMatchObject({
      id: '55555555-5555-4555-8555-555555555555',
      sessionExpired: true,
      sessionExpiredAt: now,
      previousSessionId: previous.id,
      currentStep: 'contact',
      lastActivity: now,
      customerId: previous.customerId,
    });
  });

  it('keeps customer data, form data, address coordinates and UTM data', () => {
    expect(fresh.customerData).toEqual(previous.customerData);
    expect(fresh.formData).toEqual(previous.formData);
    expect(fresh.addressCoordinates).toEqual(previous.addressCoordinates);
    expect(fresh.utmData).toEqual(previous.utmData);
  });

  it('keeps glass count, measurements, pain point, service type, job description, notes, estimated price', () => {
    expect(fresh.bookingData).toEqual({
      glassCount: 3,
      measurements: [{ length: 1.2, width: 0.9, sqm: 1.08 }],
      painPoint: 'thermal',
      serviceType: 'estimate',
      jobDescription: 'Lounge windows',
      notes: 'Side gate',
      estimatedPrice: 4860,
    });
  });

  it('drops the date, slot, calendar data, available slots, booking id and reservation id', () => {
    for (const field of [
      'selectedDate',
      'selectedTimeSlot',
      'calendarData',
      'availableSlots',
      'bookingId',
      'reservationId',
    ]) {
      expect(fresh.bookingData).not.toHaveProperty(field);
    }
    expect(droppedBookingFields).toEqual([
      'selectedDate',
      'selectedTimeSlot',
      'calendarData',
      'availableSlots',
      'bookingId',
      'reservationId',
    ]);
  });

  it('drops anything it does not know (only the listed fields survive)', () => {
    const odd = expireSession(
      { ...previous, bookingData: { promoCode: 'WINTER', glassCount: 2, secret: 'x' } },
      '66666666-6666-4666-8666-666666666666',
      now,
    );
    expect(odd.bookingData).toEqual({ glassCount: 2 });
  });

  it('carries nothing from an empty record', () => {
    const empty = expireSession(
      {
        id: previous.id,
        customerId: null,
        customerData: null,
        formData: null,
        addressCoordinates: null,
        utmData: null,
        bookingData: null,
      },
      '77777777-7777-4777-8777-777777777777',
      now,
    );
    expect(empty).toMatchObject({ customerData: null, bookingData: {}, sessionExpired: true });
  });

  it('names every preserved field in the notice', () => {
    expect(preservedFieldNames).toEqual([
      'customerData',
      'formData',
      'addressCoordinates',
      'utmData',
      ...preservedBookingFields,
    ]);
  });
});
