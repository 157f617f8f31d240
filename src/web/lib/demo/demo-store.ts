import { createStore, del, get, set } from 'idb-keyval';
import type { AdminBookingOption, AdminPainPoint } from '#shared/admin/catalogue.contract.ts';
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

/** A photo or PDF of the Files step; its bytes are kept apart, under `file:<id>`. */
export interface DemoFile {
  id: string;
  sessionId: string;
  leadId: string;
  name: string;
  size: number;
  /** Decided by the file's first bytes (demo-file-type.ts), as the server decides it. */
  type: string;
  createdAt: string;
}

/** A pain point's price per m² (one row each, as the server's pricing table). */
export interface DemoPrice {
  id: string;
  pricePerSqmCents: number;
  description: string;
  isActive: boolean;
}

/** A browser session that opened the booking pages: the dashboard's visitors. */
export interface DemoVisit {
  sessionId: string;
  at: string;
}

export interface DemoData {
  visits: DemoVisit[];
  customers: DemoCustomer[];
  leads: DemoLead[];
  holds: DemoHold[];
  bookings: DemoBooking[];
  files: DemoFile[];
  /** What the demo's /settings changed; a key not here has the built-in default (spec §9). */
  settings: Record<string, unknown>;
  /** The catalogue as the demo's /settings left it; null: the built-in one (spec §3). */
  painPoints: AdminPainPoint[] | null;
  bookingOptions: AdminBookingOption[] | null;
  /** Prices by pain point id; a pain point without one costs the default (spec §9). */
  prices: Record<string, DemoPrice>;
}

/** Where the demo keeps its record and files: IndexedDB in the browser, memory in unit tests. */
export interface DemoKeeper {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

const idbKeeper = (): DemoKeeper => {
  const store = createStore('tintbook-demo', 'data');
  return {
    get: (k) => get(k, store),
    set: (k, value) => set(k, value, store),
    del: (k) => del(k, store),
  };
};

let keeper: DemoKeeper | undefined;
const kept = () => (keeper ??= idbKeeper());

/** For tests: keep everything in `replacement` (and forget what was read before). */
export function keepDemoIn(replacement: DemoKeeper): void {
  keeper = replacement;
  current = undefined;
}

const key = 'data';
const empty = (): DemoData => ({
  visits: [],
  customers: [],
  leads: [],
  holds: [],
  bookings: [],
  files: [],
  settings: {},
  painPoints: null,
  bookingOptions: null,
  prices: {},
});

const fileKey = (id: string) => `file:${id}`;
/** The demo's one consultant, as a new install has (drizzle/0022: staff-1 working the grid). */
export const demoConsultants = [{ id: 'staff-1', name: 'Consultant' }];

export const readFileBytes = (id: string) => kept().get<Blob>(fileKey(id));
export const keepFileBytes = (id: string, bytes: Blob) => kept().set(fileKey(id), bytes);
export const dropFileBytes = (id: string) => kept().del(fileKey(id));

let current: Promise<DemoData> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function load(): Promise<DemoData> {
  current ??= kept()
    .get<DemoData>(key)
    .then(
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
    await kept().set(key, data);
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
