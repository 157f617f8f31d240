import { formatAustralianPhone } from '#shared/contact/phone.ts';
import type { Actor } from '#shared/leads/lead-detail.contract.ts';
import type { LeadListRow } from '#shared/leads/leads.contract.ts';
import { businessTimeZone } from '#web/lib/melbourne-time.ts';

// Staff read times where the business is (Melbourne), whatever zone their phone is in; built
// from Intl parts so every browser writes the same "23 Nov 2026, 9:05 am".

const format = new Intl.DateTimeFormat('en-AU', {
  timeZone: businessTimeZone,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function parts(iso: string) {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(Date.parse(iso))) out[part.type] = part.value;
  return out;
}

/** "23 Nov 2026, 9:05 am". */
export function shortDateTime(iso: string): string {
  const p = parts(iso);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** "Wed 25 Nov 2026, 9:00 am": appointments, where the weekday matters on the phone. */
export function appointmentTime(iso: string): string {
  return `${parts(iso).weekday} ${shortDateTime(iso)}`;
}

/** "under a minute", "12 min", "3 h 5 min", "2 days 4 h". */
export function formatWait(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? 'day' : 'days'}${rest ? ` ${rest} h` : ''}`;
}

/** Speed to lead in words: still waiting (the list's alarm), or how soon someone acted. */
export function waitLabel({ waiting, waitedMs }: LeadListRow['speedToLead']): string {
  if (waiting) return `Waiting ${formatWait(waitedMs)}`;
  return waitedMs < 60_000
    ? 'First action within a minute'
    : `First action after ${formatWait(waitedMs)}`;
}

export function actorName(actor: Actor): string {
  if (actor.kind === 'customer') return 'Customer';
  if (actor.kind === 'system') return 'System';
  return actor.name ?? 'Staff';
}

const sources: Record<string, string> = { website: 'Website' };

/** The lead's source as a person says it: "google / cpc" or "Website". */
export function sourceLabel(row: { source: string; medium: string | null }): string {
  const source = sources[row.source] ?? row.source;
  return row.medium ? `${source} / ${row.medium}` : source;
}

/**
 * An Australian number stored as +61… read the way it is said here: "0412 345 678",
 * "(03) 9123 4567" (the one shared rule the e-mails and the CSV use too). Anything else stays.
 */
export const phoneText = (phone: string): string => formatAustralianPhone(phone);

/** A phone number for tel: links: digits and a leading +, nothing else. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const oneDecimal = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** 2048 → "2 KB", 1_572_864 → "1.5 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}
