import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BookingRules } from '#shared/booking/booking-rules.ts';
import type { BusyInterval, StaffMember } from '#shared/booking/slots.ts';

/** The channel the database triggers of migration 0007 notify on (ADR 024). */
export const availabilityChannel = 'availability_changed';

/**
 * How long (real time) a snapshot of the database is used at most. Writes drop it at once (in
 * this process, and by NOTIFY from the others); this bound holds even when a notification is lost
 * (the listening connection dropped), so a slot never shows free for longer.
 */
const snapshotMaxAgeMs = 500;
/** Distinct answers kept per snapshot (ranges × service types × sessions holding a slot). */
const maxAnswers = 1000;

/** The rules, staff, live bookings and holds of the whole horizon at one instant. */
export interface CalendarSnapshot {
  /** The app-clock instant it was read at, and that instant's date in the rules' time zone. */
  readAt: number;
  today: string;
  /** The last date of the horizon, and the instant `today` ends (the snapshot is then replaced). */
  lastDay: string;
  todayEndsAt: number;
  rules: BookingRules;
  staff: StaffMember[];
  bookings: BusyInterval[];
  holds: (BusyInterval & { sessionId: string | null; expiresAt: Date })[];
}

export type Encoding = 'br' | 'gzip';

/** A serialised answer, made once and sent to every asker; compressed when first asked so. */
export interface CachedAnswer {
  json: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The app-clock instant the answer was worked out at, and the first one it may be wrong at. */
  madeAt: number;
  validUntil: number;
}

export interface HeldSnapshot {
  snapshot: CalendarSnapshot;
  version: number;
  bornAt: number;
  answers: Map<string, CachedAnswer>;
}

/**
 * What the availability calendar is made of (settings, bookings and holds of the horizon), read
 * once and kept until a write changes it, with the answers worked out from it (ADR 024). Any
 * write bumps `version`; a snapshot read while a write commits is tagged with the version it
 * started under, so it is never kept past that write.
 */
export class AvailabilityCache {
  #version = 0;
  #held: HeldSnapshot | undefined;
  #loading: { version: number; promise: Promise<HeldSnapshot> } | undefined;

  /** Called on every write to holds, bookings or the booking rules, here or in another process. */
  invalidate(): void {
    this.#version += 1;
    this.#held = undefined;
    this.#loading = undefined;
  }

  /**
   * The current snapshot when `stillValid` accepts it, else a new one from `load` (requests
   * arriving during the load share it instead of each reading the database).
   */
  async snapshot(
    load: () => Promise<CalendarSnapshot>,
    stillValid: (snapshot: CalendarSnapshot) => boolean,
  ): Promise<HeldSnapshot> {
    const held = this.#held;
    const fresh = held && performance.now() - held.bornAt < snapshotMaxAgeMs;
    if (held && fresh && held.version === this.#version && stillValid(held.snapshot)) return held;
    const loading = this.#loading;
    if (loading && loading.version === this.#version) {
      const shared = await loading.promise;
      if (stillValid(shared.snapshot)) return shared;
    }
    const version = this.#version;
    const promise = load().then((snapshot) => {
      const next = { snapshot, version, bornAt: performance.now(), answers: new Map() };
      // a write committed during the load leaves it to this request alone
      if (version === this.#version) this.#held = next;
      return next;
    });
    this.#loading = { version, promise };
    try {
      return await promise;
    } finally {
      if (this.#loading?.promise === promise) this.#loading = undefined;
    }
  }

  /** The answer for `key` at `now` from this snapshot, worked out and kept when missing. */
  answer(
    held: HeldSnapshot,
    key: string,
    now: number,
    work: () => { body: unknown; validUntil: number },
  ): CachedAnswer {
    const kept = held.answers.get(key);
    if (kept && now >= kept.madeAt && now < kept.validUntil) return kept;
    const { body, validUntil } = work();
    const answer = { json: JSON.stringify(body), encoded: {}, madeAt: now, validUntil };
    if (held.answers.size >= maxAnswers) held.answers.clear();
    held.answers.set(key, answer);
    return answer;
  }
}

/** The answer in that encoding (brotli at quality 4 as plugins/compression.ts), made once. */
export function encodedAnswer(answer: CachedAnswer, encoding: Encoding): Buffer {
  answer.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(answer.json);
  return answer.encoded[encoding];
}

/** br, else gzip, when the client accepts it (a q=0 refuses); null for identity. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}
