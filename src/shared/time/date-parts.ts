// An instant as the parts of a wall clock in a time zone (en-AU: "Wednesday", "25", "November",
// "9", "00", "am", optionally "AEDT"). Callers assemble their own wording from the parts, so every
// browser and the server's messages write times the same way whatever Intl's phrasing.

export type DateParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formats = new Map<string, Intl.DateTimeFormat>();

export function wallClockParts(
  instant: Date | number,
  timeZone: string,
  { zoneName = false }: { zoneName?: boolean } = {},
): DateParts {
  const key = `${timeZone}|${zoneName}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      ...(zoneName && { timeZoneName: 'short' as const }),
    });
    formats.set(key, format);
  }
  const parts: DateParts = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}
