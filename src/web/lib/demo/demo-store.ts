import { createStore, get, set } from 'idb-keyval';
import type { StructuredAddress } from '#shared/contact/contact.contract.ts';
import type { DetailsFormValues } from '#shared/estimate/details.contract.ts';
import type { EstimateResponse } from '#shared/estimate/estimate.contract.ts';

// The static demo's "database": everything a visitor books lives in this browser's IndexedDB
// (one record, read once per page and written after each change). Nothing leaves the browser.

export interface DemoCustomer {
  id: string;
  firstName: string;
  lastName: string;
  /** Stored lowercase: customers are matched by e-mail (spec §7 local-storage mode). */
  email: string;
  phone: string;
  address: string;
  structuredAddress: StructuredAddress | null;
  createdAt: string;
  updatedAt: string;
}

export interface DemoLead {
  id: string;
  customerId: string;
  sessionId: string;
  /** Spec §4 local-storage mode: a new lead is 'new', from 'website'. */
  source: 'website';
  status: 'new';
  stage: 'contact' | 'details' | 'estimate' | 'booked';
  bookingOption: string;
  details: DetailsFormValues | null;
  estimate: (EstimateResponse['estimate'] & { computedAt: string }) | null;
  landingPage: string | null;
  referrer: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DemoHold {
  reservationId: string;
  sessionId: string;
  staffId: string;
  startTime: string;
  endTime: string;
  expiresAt: string;
}

export interface DemoBooking {
  id: string;
  leadId: string;
  customerId: string;
  sessionId: string;
  staffId: string;
  serviceType: string;
  startTime: string;
  endTime: string;
  /** Spec §4 local-storage mode: nothing confirms a demo booking, so it stays 'pending'. */
  status: 'pending' | 'cancelled';
  notes: string | null;
  estimatedPrice: number | null;
  idempotencyKey: string;
  manageToken: string;
  history: { action: 'booked' | 'rescheduled' | 'cancelled'; at: string; from: string | null }[];
  createdAt: string;
  updatedAt: string;
}

export interface DemoData {
  customers: DemoCustomer[];
  leads: DemoLead[];
  holds: DemoHold[];
  bookings: DemoBooking[];
}

const store = createStore('tintbook-demo', 'data');
const key = 'data';
const empty = (): DemoData => ({ customers: [], leads: [], holds: [], bookings: [] });

let current: Promise<DemoData> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function load(): Promise<DemoData> {
  current ??= get<DemoData>(key, store).then(
    (saved) => ({ ...empty(), ...saved }),
    () => empty(),
  );
  return current;
}

/** Reads the data; changes made inside `change` are saved before the answer is given. */
export function transact<T>(change: (data: DemoData) => T): Promise<T> {
  const next = queue.then(async () => {
    // another tab may have booked meanwhile: read again before each change
    current = undefined;
    const data = await load();
    const result = change(data);
    await set(key, data, store);
    return result;
  });
  queue = next.catch(() => undefined);
  return next;
}

/** A read only: what the last change left. */
export function read(): Promise<DemoData> {
  return queue.then(() => {
    current = undefined;
    return load();
  });
}
