// CSV cells for spreadsheets (RFC 4180), safe to open in Excel, Sheets or Numbers.

/**
 * OWASP CSV injection: a cell starting with = + - @, a tab or a carriage return would be run as a
 * formula; a leading apostrophe makes the spreadsheet show it as text.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = neutralise(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
