// Calendar dates are plain "YYYY-MM-DD" strings (a Melbourne calendar date, no instant attached).
// Date arithmetic on them runs in UTC, where every day has 24 hours; instants are made only by
// wallClock(), which asks the time-zone library for the offset on that date.
import { TZDate, tz, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const minute = 60_000;
export const hour = 60 * minute;

function utcMidnight(date: string): Date {
  const match = isoDate.exec(date);
  const utc = match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)) : null;
  if (!utc || utc.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  return utc;
}

export function assertDate(date: string): string {
  utcMidnight(date);
  return date;
}

export function addDays(date: string, days: number): string {
  const utc = utcMidnight(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return utcMidnight(date).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to).getTime() - utcMidnight(from).getTime()) / (24 * hour));
}

/** The calendar date of an instant in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return format(instant, 'yyyy-MM-dd', { in: tz(timeZone) });
}

/**
 * wallClock's answers: a time-zone lookup costs tens of microseconds, and a month of slots asks
 * for the same few hundred wall times again and again. Bounded: forgotten when full.
 */
const wallClocks = new Map<string, number>();
const maxWallClocks = 50_000;

/** Epoch ms of a wall-clock time (minutes after midnight) on a date in a time zone. */
export function wallClock(date: string, minutes: number, timeZone: string): number {
  const key = `${timeZone}|${date}|${minutes}`;
  const known = wallClocks.get(key);
  if (known !== undefined) return known;
  const epochMs = zonedWallClock(date, minutes, timeZone);
  if (wallClocks.size >= maxWallClocks) wallClocks.clear();
  wallClocks.set(key, epochMs);
  return epochMs;
}

function zonedWallClock(date: string, minutes: number, timeZone: string): number {
  const utc = utcMidnight(date);
  return new TZDate(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    Math.floor(minutes / 60),
    minutes % 60,
    timeZone,
  ).getTime();
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoWithOffset(epochMs: number, offsetMinutes: number): string {
  const local = new Date(epochMs + offsetMinutes * minute).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "2026-11-23T08:00:00+11:00": ISO 8601 with the zone's offset at that instant. */
export function toOffsetIso(epochMs: number, timeZone: string): string {
  return isoWithOffset(epochMs, tzOffset(timeZone, new Date(epochMs)));
}

/**
 * toOffsetIso for many instants from `first` to `last`, such as one day's slots: one offset
 * lookup instead of one per instant when the offset is the same at both ends (a zone changes
 * its offset at most once a day). The lookup is what makes a month of slots slow.
 */
export function offsetIsoFormatter(
  timeZone: string,
  first: number,
  last: number,
): (epochMs: number) => string {
  const offset = tzOffset(timeZone, new Date(first));
  if (tzOffset(timeZone, new Date(last)) !== offset) return (ms) => toOffsetIso(ms, timeZone);
  return (ms) => isoWithOffset(ms, offset);
}

/** An instant from a Date or an ISO string that carries its offset ("…Z", "…+11:00"). */
export function toInstant(value: Date | string, what: string): number {
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid ${what}: ${String(value)}`);
  return ms;
}
