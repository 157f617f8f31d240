// Test fixtures: the contexts templates render from, with overrides. Not imported by app code.
import type {
  BookingMessageContext,
  LeadMessageContext,
} from '#server/messages/message-context.ts';

export const business = {
  name: 'Tint & Co',
  email: 'bookings@tint.example',
  phone: '(03) 5550 0000',
};

export const customer = {
  firstName: 'Alex',
  lastName: 'Citizen',
  email: 'alex@example.com',
  phone: '0412 345 678',
  address: '12 Smith Street, Fitzroy VIC 3065',
};

type BookingOverrides = Partial<Omit<BookingMessageContext, 'booking' | 'customer'>> & {
  booking?: Partial<BookingMessageContext['booking']>;
  customer?: Partial<BookingMessageContext['customer']>;
};

export function bookingContext(overrides: BookingOverrides = {}): BookingMessageContext {
  return {
    business,
    manageUrl: 'https://tint.example/reschedule?token=tok_abc&from=email',
    bookUrl: 'https://tint.example/',
    staffUrl: 'https://tint.example/leads/lead-1',
    ...overrides,
    booking: {
      id: '8d7f3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6',
      serviceType: 'phone',
      // Tuesday 24 November 2026, 10:30 am in Melbourne (AEDT, +11)
      start: new Date('2026-11-23T23:30:00Z'),
      end: new Date('2026-11-24T00:00:00Z'),
      timeZone: 'Australia/Melbourne',
      status: 'confirmed',
      estimatedPriceCents: 123450,
      sequence: 0,
      ...overrides.booking,
    },
    customer: { ...customer, ...overrides.customer },
  };
}

export function leadContext(overrides: Partial<LeadMessageContext> = {}): LeadMessageContext {
  return {
    business,
    lead: {
      id: 'lead-1',
      createdAt: new Date('2026-06-30T04:05:00Z'),
      source: 'google / cpc',
      painPoint: 'Heat',
      bookingOption: 'estimate',
    },
    customer,
    staffUrl: 'https://tint.example/leads/lead-1',
    ...overrides,
  };
}
