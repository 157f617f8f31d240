import { randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { dateIn } from '#shared/booking/calendar.ts';
import { serviceTypes } from '#shared/booking/consultant.ts';
import type { DayFrame } from '#shared/booking/day-frame.ts';
import { sameCalendar, type CalendarSnapshot } from './calendar-snapshot';
import { CatchUp } from './catch-up';
import { SessionPlaces } from './session-places';
import {
  echoPayload,
  entryKey,
  type CalendarChange,
  type CalendarEntry,
  type RowChange,
} from './calendar-change';

/** The channel the database triggers of migrations 0007 and 0021 notify on (ADR 024, ADR 051). */
export const availabilityChannel = 'availability_changed';

/**
 * How long (real time) a snapshot is kept at most where notifications can be missed: a PostgreSQL
 * listening connection that drops calls for a full read when it is back, and this bounds what a
 * connection that died without saying so could hide. PGlite's are delivered in-process, never lost.
 */
const lossyListenMaxAgeMs = 5000;
/**
 * Bytes of compressed answers kept per snapshot (ranges × service types × places × sessions
 * holding a slot; an onsite month for one place is ~12 KB brotli): when full, all are forgotten.
 */
const maxAnswerBytes = 16 * 1024 * 1024;
/** How long a read waits for its marker to come back before reading everything. */
const echoTimeoutMs = 1000;

export type Encoding = 'br' | 'gzip';

/**
 * A serialised answer, made once and sent to every asker, kept compressed with brotli (what
 * browsers ask for); gzip is made from it when first asked for, and the JSON when asked without.
 */
export interface CachedAnswer {
  encoded: { br: Buffer; gzip?: Buffer };
  /** The app-clock instant the answer was worked out at, and the first one it may be wrong at. */
  madeAt: number;
  validUntil: number;
}

/**
 * One day of the calendar as everyone sees it (no session's own hold left out): its frame (the
 * same for every place an onsite visit could be) and, serialised, the day without a visit.
 */
export interface CachedDay {
  frame: DayFrame;
  json: string;
  madeAt: number;
  validUntil: number;
}

export interface HeldSnapshot {
  snapshot: CalendarSnapshot;
  version: number;
  bornAt: number;
  /** By dayKey: a date for one service type (consultants differ in the services they do). */
  days: Map<string, CachedDay>;
  answers: Map<string, CachedAnswer>;
  answerBytes: number;
}

const dayKey = (date: string, serviceType: string) => `${date}|${serviceType}`;

/** The dates (in the rules' time zone) an entry's interval touches. */
function datesOf(entry: CalendarEntry, timezone: string): string[] {
  const first = dateIn(new Date(entry.start), timezone);
  const last = dateIn(new Date(Math.max(entry.start, entry.end - 1)), timezone);
  return first === last ? [first] : [first, last];
}

/**
 * What the availability calendar is made of (settings, bookings and holds of the horizon), read
 * once and then kept up to date by the row changes the database notifies (ADR 024, ADR 051), with
 * each day and each answer worked out from it once. A change drops only the days it touches. A
 * change of anything else (settings, a TRUNCATE, a lost connection) bumps `version`: a snapshot
 * read while it commits is tagged with the version it started under, so it is never kept past it.
 */
export class AvailabilityCache {
  readonly #maxAgeMs: number;
  readonly #catchUp: CatchUp | undefined;
  #version = 0;
  #held: HeldSnapshot | undefined;
  #loading: { version: number; promise: Promise<HeldSnapshot>; pending: RowChange[] } | undefined;
  /** Markers out, by token: each resolves when it comes back. */
  #echoes = new Map<string, () => void>();
  /** Where each session's onsite visit would be (call after `snapshot`: see SessionPlaces). */
  readonly sessionPlaces = new SessionPlaces();

  /**
   * `notify`, where changes arrive a little after their commit and a dropped connection may lose
   * some (PostgreSQL): sends a marker the same way, and each read first waits for one sent after it
   * began (CatchUp), so it shows every commit made before it; a snapshot is also kept at most
   * lossyListenMaxAgeMs. Without it (PGlite: changes are applied as the write's statement returns),
   * a snapshot is kept until a change of everything or the end of the day.
   */
  constructor(notify?: (payload: string) => Promise<void>, maxAgeMs = lossyListenMaxAgeMs) {
    this.#catchUp = notify && new CatchUp(() => this.#echo(notify));
    this.#maxAgeMs = notify ? maxAgeMs : Number.POSITIVE_INFINITY;
  }

  /** A marker notified and back; one that never comes back (connection lost) reads everything. */
  #echo(notify: (payload: string) => Promise<void>): Promise<void> {
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    return new Promise<void>((resolve) => {
      this.#echoes.set(token, resolve);
      timer = setTimeout(() => (this.invalidate(), resolve()), echoTimeoutMs);
      notify(echoPayload(token)).catch(() => (this.invalidate(), resolve()));
    }).finally(() => {
      clearTimeout(timer);
      this.#echoes.delete(token);
    });
  }

  /** Called for every change notified on availabilityChannel, from this process or another. */
  apply(change: CalendarChange): void {
    if (change.kind === 'everything') return this.invalidate();
    if (change.kind === 'echo') return this.#echoes.get(change.token)?.();
    if (change.kind === 'places') return this.sessionPlaces.forget();
    if (this.#held) applyRow(this.#held, change);
    // the load may have read before or after this change: applied again, it lands the same
    this.#loading?.pending.push(change);
  }

  /** Forgets everything: the next read loads the whole calendar again. */
  invalidate(): void {
    this.#version += 1;
    this.#held = undefined;
    this.#loading = undefined;
    this.sessionPlaces.forget();
  }

  /**
   * The current snapshot when `stillValid` accepts it, else a new one from `load` (requests
   * arriving during the load share it instead of each reading the database).
   */
  async snapshot(
    load: () => Promise<CalendarSnapshot>,
    stillValid: (snapshot: CalendarSnapshot) => boolean,
  ): Promise<HeldSnapshot> {
    if (this.#catchUp) await this.#catchUp.wait();
    const held = this.#held;
    const fresh = held && performance.now() - held.bornAt < this.#maxAgeMs;
    if (held && fresh && held.version === this.#version && stillValid(held.snapshot)) return held;
    const loading = this.#loading;
    if (loading && loading.version === this.#version) {
      const shared = await loading.promise;
      if (stillValid(shared.snapshot)) return shared;
    }
    const version = this.#version;
    const pending: RowChange[] = [];
    const promise = load().then((snapshot) => {
      // read again only for its age (PostgreSQL) and found the same: what was worked out stands
      const same = held?.version === version && sameCalendar(held.snapshot, snapshot);
      const next = {
        snapshot,
        version,
        bornAt: performance.now(),
        days: same ? held.days : new Map(),
        answers: same ? held.answers : new Map(),
        answerBytes: same ? held.answerBytes : 0,
      };
      for (const change of pending) applyRow(next, change);
      // a wider change committed during the load leaves it to this request alone
      if (version === this.#version) this.#held = next;
      return next;
    });
    this.#loading = { version, promise, pending };
    try {
      return await promise;
    } finally {
      if (this.#loading?.promise === promise) this.#loading = undefined;
    }
  }

  /** The day as everyone sees it at `now`, worked out and kept when missing or out of date. */
  day(
    held: HeldSnapshot,
    date: string,
    serviceType: string,
    now: number,
    work: () => CachedDay,
  ): CachedDay {
    const key = dayKey(date, serviceType);
    const kept = held.days.get(key);
    if (kept && now >= kept.madeAt && now < kept.validUntil) return kept;
    const made = work();
    held.days.set(key, made);
    return made;
  }

  /** The answer for `key` at `now` from this snapshot, worked out and kept when missing. */
  answer(
    held: HeldSnapshot,
    key: string,
    now: number,
    work: () => { json: string; validUntil: number },
  ): CachedAnswer {
    const kept = held.answers.get(key);
    if (kept && now >= kept.madeAt && now < kept.validUntil) return kept;
    const { json, validUntil } = work();
    const br = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    const answer = { encoded: { br }, madeAt: now, validUntil };
    if (kept) held.answerBytes -= bytesOf(kept);
    if (held.answerBytes + br.length > maxAnswerBytes) forgetAnswers(held);
    held.answers.set(key, answer);
    held.answerBytes += br.length;
    return answer;
  }

  /** The answer in that encoding (brotli at quality 4 as plugins/compression.ts; gzip made once). */
  encoded(held: HeldSnapshot, answer: CachedAnswer, encoding: Encoding): Buffer {
    if (encoding === 'br') return answer.encoded.br;
    if (!answer.encoded.gzip) {
      answer.encoded.gzip = gzipSync(answerJson(answer));
      // counted even if the answer was dropped meanwhile: at worst the next clear comes sooner
      held.answerBytes += answer.encoded.gzip.length;
    }
    return answer.encoded.gzip;
  }
}

/** One row's change: the entry replaced or gone, and the days it was and is on worked out anew. */
function applyRow(held: HeldSnapshot, change: RowChange) {
  const { entries, rules } = held.snapshot;
  const key = entryKey(change.kind, change.id);
  const before = entries.get(key);
  const after = change.live
    ? {
        staffId: change.staffId,
        start: change.start,
        end: change.end,
        place:
          change.lat != null && change.lng != null ? { lat: change.lat, lng: change.lng } : null,
        ...(change.kind === 'hold' && {
          sessionId: change.sessionId ?? null,
          expiresAt: change.expiresAt ?? null,
        }),
      }
    : undefined;
  if (after) entries.set(key, after);
  else entries.delete(key);
  for (const entry of [before, after]) {
    if (!entry) continue;
    for (const date of datesOf(entry, rules.timezone)) {
      for (const serviceType of serviceTypes) held.days.delete(dayKey(date, serviceType));
    }
  }
  forgetAnswers(held);
}

const bytesOf = (answer: CachedAnswer) =>
  answer.encoded.br.length + (answer.encoded.gzip?.length ?? 0);

function forgetAnswers(held: HeldSnapshot) {
  held.answers.clear();
  held.answerBytes = 0;
}

/** The answer's JSON (for a client that takes no compression): unpacked each time, as rare. */
export function answerJson(answer: CachedAnswer): string {
  return brotliDecompressSync(answer.encoded.br).toString('utf8');
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
