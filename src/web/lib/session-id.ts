import { readText, writeText } from './storage';
import { storageKeys } from './storage-keys';

const key = storageKeys.sessionId;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The browser's booking session id, made once and kept in localStorage. */
export function getSessionId(): string {
  const stored = readText(key);
  if (stored && uuidPattern.test(stored)) return stored;
  const id = newUuid();
  writeText(key, id);
  return id;
}

/** A new id replacing the stored one (spec §4, on booking completion); returns it. */
export function replaceSessionId(): string {
  const id = newUuid();
  writeText(key, id);
  return id;
}

export function newUuid(): string {
  // randomUUID exists only in secure contexts; a phone testing the dev server over the LAN has none
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
