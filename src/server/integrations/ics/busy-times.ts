import ICAL from 'ical.js';
import { addDays, wallClock } from '#shared/booking/calendar.ts';
import { CalendarReadError, calendarMessages } from './calendar-request';

// A consultant's busy times out of iCalendar text (issue 29, ADR 053), with ical.js: the events
// that block them over a window, recurring ones expanded in their own time zones (the file's
// VTIMEZONEs), with EXDATEs and overridden instances (RECURRENCE-ID). Synchronous and bounded in
// work: it runs on a worker thread (busy-times-worker.ts), which a time budget terminates; the
// caps below refuse a calendar too big to be worth reading before it gets that far.

export interface BusyWindow {
  /** Epoch ms; busy times are clipped to [start, end). */
  start: number;
  end: number;
  /** Where floating times, dates (all-day events) and unknown TZIDs are read: the business's. */
  timezone: string;
}

export interface BusyLimits {
  /** VEVENTs in all the texts together. */
  maxEvents: number;
  /** Occurrences of recurring events looked at (from each rule's first, not the window's). */
  maxOccurrences: number;
}

export const defaultBusyLimits: BusyLimits = { maxEvents: 5000, maxOccurrences: 50_000 };

export interface Interval {
  start: number;
  end: number;
}

/** TintBook's own bookings (shared/booking/calendar-event.ts): never busy against themselves. */
const isOwnUid = (uid: string) => /@tintbook$/i.test(uid);

function checkSize(texts: readonly string[], limits: BusyLimits) {
  let events = 0;
  for (const text of texts) events += text.match(/^BEGIN:VEVENT\s*$/gim)?.length ?? 0;
  if (events > limits.maxEvents) {
    throw new CalendarReadError(calendarMessages.tooManyEvents(limits.maxEvents));
  }
}

/** The VCALENDARs of one text; anything else (HTML, an error page, garbage) is no calendar. */
function calendarsOf(text: string): ICAL.Component[] {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR/i.test(body)) throw new CalendarReadError(calendarMessages.notCalendar);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(body);
  } catch {
    throw new CalendarReadError(calendarMessages.notCalendar);
  }
  const list = (typeof (parsed as unknown[])[0] === 'string' ? [parsed] : parsed) as unknown[];
  return list.map((jcal) => {
    const component = new ICAL.Component(jcal as never);
    if (component.name !== 'vcalendar') throw new CalendarReadError(calendarMessages.notCalendar);
    return component;
  });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateOf = (time: ICAL.Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Epoch ms of a DATE or DATE-TIME. Zoned (the file's VTIMEZONE, or UTC): ical.js's own offset.
 * A date: midnight starting that day in the business's time zone (an all-day event blocks the
 * whole Melbourne day). Floating, or a TZID the file does not define: read in that TZID when it is
 * an IANA name, else in the business's time zone.
 */
function instantOf(time: ICAL.Time, tzid: string | null, window: BusyWindow): number {
  const date = dateOf(time);
  if (time.isDate) return wallClock(date, 0, window.timezone);
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  const zone = tzid && isTimeZone(tzid) ? tzid : window.timezone;
  return wallClock(date, time.hour * 60 + time.minute, zone) + time.second * 1000;
}

const tzidOf = (component: ICAL.Component, name: string) => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

/** Whether the event takes the consultant's time: opaque, not cancelled, not one of ours. */
function blocks(component: ICAL.Component): boolean {
  const uid = String(component.getFirstPropertyValue('uid') ?? '');
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return !isOwnUid(uid) && status !== 'CANCELLED' && transp !== 'TRANSPARENT';
}

/** A single event's (or an overridden instance's) own interval, or null when it has none. */
function ownInterval(component: ICAL.Component, window: BusyWindow): Interval | null {
  const event = new ICAL.Event(component, { exceptions: [], strictExceptions: true });
  const dtstart = component.getFirstPropertyValue('dtstart');
  if (!(dtstart instanceof ICAL.Time)) return null;
  const start = instantOf(dtstart, tzidOf(component, 'dtstart'), window);
  const dtend = component.getFirstPropertyValue('dtend');
  let end: number;
  if (dtend instanceof ICAL.Time) end = instantOf(dtend, tzidOf(component, 'dtend'), window);
  else if (component.hasProperty('duration')) {
    end = instantOf(event.endDate, tzidOf(component, 'dtstart'), window);
  } else end = dtstart.isDate ? dateAfter(dtstart, window) : start; // RFC 5545 3.6.1
  return end > start ? { start, end } : null;
}

/** The day after a DATE, at midnight in the business's time zone. */
function dateAfter(time: ICAL.Time, window: BusyWindow): number {
  return wallClock(addDays(dateOf(time), 1), 0, window.timezone);
}

/**
 * The busy intervals of these iCalendar texts (an ICS file, or the calendar objects of a CalDAV
 * REPORT) over the window, merged and sorted. Throws CalendarReadError for no calendar or one over
 * the limits.
 */
export function busyTimesOf(
  texts: readonly string[],
  window: BusyWindow,
  limits: BusyLimits = defaultBusyLimits,
): Interval[] {
  checkSize(texts, limits);
  const masters: ICAL.Component[] = [];
  const overrides = new Map<string, ICAL.Component[]>();
  for (const calendar of texts.flatMap(calendarsOf)) {
    for (const event of calendar.getAllSubcomponents('vevent')) {
      const uid = String(event.getFirstPropertyValue('uid') ?? '');
      if (!event.hasProperty('recurrence-id')) masters.push(event);
      else if (overrides.has(uid)) overrides.get(uid)!.push(event);
      else overrides.set(uid, [event]);
    }
  }
  const found: Interval[] = [];
  const add = (interval: Interval | null) => {
    if (interval && interval.end > window.start && interval.start < window.end)
      found.push(interval);
  };
  let budget = limits.maxOccurrences;
  const masterUids = new Set<string>();
  for (const master of masters) {
    const uid = String(master.getFirstPropertyValue('uid') ?? '');
    masterUids.add(uid);
    const moved = overrides.get(uid) ?? [];
    const cancelled = /^cancelled$/i.test(String(master.getFirstPropertyValue('status') ?? ''));
    // an overridden instance stands on its own (its own TRANSP and STATUS), wherever it moved to
    if (!cancelled)
      for (const instance of moved) if (blocks(instance)) add(ownInterval(instance, window));
    if (!blocks(master)) continue;
    const event = new ICAL.Event(master, { exceptions: moved, strictExceptions: true });
    if (!event.isRecurring()) add(ownInterval(master, window));
    else budget = expand(event, master, moved, window, budget, limits, add);
  }
  // an overridden instance of a series not in the file (an invitation to one instance)
  for (const [uid, instances] of overrides) {
    if (masterUids.has(uid)) continue;
    for (const instance of instances) if (blocks(instance)) add(ownInterval(instance, window));
  }
  return merged(found, window);
}

/**
 * The occurrences of a recurring event (RRULE, RDATE, less EXDATE) up to the window's end, the
 * overridden ones left out. ical.js walks a rule from its first occurrence: each step counts
 * against the budget, so a rule from years back (or every second) costs what it really costs.
 */
function expand(
  event: ICAL.Event,
  master: ICAL.Component,
  moved: ICAL.Component[],
  window: BusyWindow,
  budget: number,
  limits: BusyLimits,
  add: (interval: Interval | null) => void,
): number {
  const tzid = tzidOf(master, 'dtstart');
  const endTzid = tzidOf(master, 'dtend') ?? tzid;
  // matched by instant: a RECURRENCE-ID may be written in another zone than the DTSTART
  const overridden = new Set(
    moved.map((instance) => {
      const id = instance.getFirstPropertyValue('recurrence-id');
      const idTzid = tzidOf(instance, 'recurrence-id');
      return id instanceof ICAL.Time ? instantOf(id, idTzid, window) : NaN;
    }),
  );
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    budget -= 1;
    if (budget < 0) {
      throw new CalendarReadError(calendarMessages.tooManyRepeats(limits.maxOccurrences));
    }
    const start = instantOf(next, tzid, window);
    if (start >= window.end) break;
    if (overridden.has(start)) continue;
    const details = event.getOccurrenceDetails(next);
    // ical.js matched an override itself: it was added on its own already
    if (details.item !== event) continue;
    const end = instantOf(details.endDate, endTzid, window);
    add({ start, end: end > start ? end : next.isDate ? dateAfter(next, window) : start });
  }
  return budget;
}

/** Sorted, overlapping and touching intervals joined, clipped to the window. */
export function merged(
  intervals: Interval[],
  window: Pick<BusyWindow, 'start' | 'end'>,
): Interval[] {
  const sorted = intervals
    .map((i) => ({ start: Math.max(i.start, window.start), end: Math.min(i.end, window.end) }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}
