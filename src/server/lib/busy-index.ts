import type { Commitment } from '#shared/booking/day-frame.ts';
import type { CalendarEntry } from './calendar-change';

// The consultants' own busy times in the cached calendar (issue 29, ADR 053), kept apart from
// the bookings and holds: per consultant, sorted and never overlapping (the sync merged them), so
// a day finds its own with a binary search instead of walking every busy time of the horizon. They
// change only with a full reload (their trigger notifies an empty payload).

export type BusyIndex = Map<string, { start: number; end: number }[]>;

const isBusyKey = (key: string) => key.startsWith('busy:');

/** Moves the busy entries out of `entries` into an index by consultant. */
export function takeBusy(entries: Map<string, CalendarEntry>): BusyIndex {
  const index: BusyIndex = new Map();
  for (const [key, entry] of entries) {
    if (!isBusyKey(key)) continue;
    entries.delete(key);
    const list = index.get(entry.staffId) ?? [];
    list.push({ start: entry.start, end: entry.end });
    index.set(entry.staffId, list);
  }
  for (const list of index.values()) list.sort((a, b) => a.start - b.start);
  return index;
}

/** The busy times overlapping [start, end) as commitments (no place, no expiry). */
export function busyCommitments(index: BusyIndex | undefined, start: number, end: number) {
  const found: Commitment[] = [];
  for (const [consultantId, list] of index ?? []) {
    // the first interval ending after `start` (ends are sorted too: they never overlap)
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (list[mid]!.end <= start) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < list.length && list[i]!.start < end; i += 1) {
      found.push({ consultantId, start: list[i]!.start, end: list[i]!.end, place: null });
    }
  }
  return found;
}
