// How values read in messages: times where the business is, in Australian style with the zone
// named (a customer away from Victoria knows which clock), money in dollars, HTML escaped.
import { formatPriceIncGst } from '#shared/pricing/money.ts';
import { wallClockParts } from '#shared/time/date-parts.ts';

// Built from Intl's parts rather than its phrasing ("… at 10:30 am"), so the wording is ours.
const partsOf = (instant: Date, timeZone: string) =>
  wallClockParts(instant, timeZone, { zoneName: true });

/** "10:30 am". */
export function formatTime(instant: Date, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** "Tuesday 24 November 2026". */
export function formatDate(instant: Date, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** "Tuesday 24 November 2026, 10:30 am AEDT". */
export function formatWhen(instant: Date, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${formatDate(instant, timeZone)}, ${formatTime(instant, timeZone)} ${p.timeZoneName}`;
}

/** "Tue 24 Nov, 10:30 am": short enough for a text message. */
export function formatShortWhen(instant: Date, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${p.weekday?.slice(0, 3)} ${p.day} ${p.month?.slice(0, 3)}, ${formatTime(instant, timeZone)}`;
}

/** 123450 → "$1,234.50 inc. GST". */
export const formatEstimate = (cents: number) => formatPriceIncGst(cents);

export const serviceLabel = (serviceType: string) =>
  serviceType === 'onsite' ? 'Onsite consultation' : 'Phone consultation';

/** "an onsite consultation", "a phone consultation": the label in a sentence, with its article. */
export const aService = (serviceType: string) =>
  serviceType === 'onsite' ? 'an onsite consultation' : 'a phone consultation';

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** For text and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEntities[char]!);
}

/** A value inside a subject line or an SMS: one line, however it was typed. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  oneLine(`${person.firstName} ${person.lastName}`);
