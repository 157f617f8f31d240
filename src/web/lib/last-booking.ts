import { readJson, removeItem, writeJson } from './storage';
import { storageKeys } from './storage-keys';

// The booking just made, for /confirmation only: it survives a reload there, and it is the only
// place the manage token is kept (the server returns it once). Dropped once the appointment is
// over: by then there is nothing left to manage, and a shared device should not keep it.
const key = storageKeys.lastBooking;

export interface LastBooking {
  id: string;
  serviceType: string;
  startTime: string;
  endTime: string;
  /** 'pending' in the static demo build only. */
  status: 'confirmed' | 'cancelled' | 'pending';
  /** Integer cents, inc. GST; null when no estimate was made. */
  estimatedPrice: number | null;
  manageToken: string | null;
  firstName: string;
  /** Where the server e-mails the confirmation ('' when this browser did not keep it). */
  email?: string;
  /** The property address (the place of an onsite visit). */
  address: string;
  timeZone: string;
}

const isText = (value: unknown): value is string => typeof value === 'string';

export function readLastBooking(now = Date.now()): LastBooking | null {
  const stored = readJson(key);
  if (typeof stored !== 'object' || stored === null) return null;
  const b = stored as Record<string, unknown>;
  const ok =
    isText(b.id) &&
    isText(b.serviceType) &&
    isText(b.startTime) &&
    isText(b.endTime) &&
    (b.status === 'confirmed' || b.status === 'cancelled' || b.status === 'pending') &&
    (b.estimatedPrice === null || typeof b.estimatedPrice === 'number') &&
    (b.manageToken === null || isText(b.manageToken)) &&
    isText(b.firstName) &&
    // older saves have no e-mail
    (b.email === undefined || isText(b.email)) &&
    isText(b.address) &&
    isText(b.timeZone) &&
    !Number.isNaN(Date.parse(b.endTime));
  if (!ok) return null;
  if (Date.parse(b.endTime as string) < now) {
    removeItem(key);
    return null;
  }
  return stored as LastBooking;
}

export function saveLastBooking(booking: LastBooking): void {
  writeJson(key, booking);
}

/** The manage page moved or cancelled the booking: the confirmation page follows. */
export function updateLastBooking(
  id: string,
  change: Pick<LastBooking, 'startTime' | 'endTime' | 'status'>,
): void {
  const stored = readLastBooking();
  if (stored?.id === id) saveLastBooking({ ...stored, ...change });
}
