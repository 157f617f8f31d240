// The API keeps money in whole cents; admins read and type dollars ("45.00"). Dollars are parsed
// as text, digit by digit, so no float arithmetic can turn 0.29 into 28 cents.

const dollarsPattern = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** "45", "45.5", "$1,234.50" → cents; null when it is not an amount of dollars and cents. */
export function parseDollars(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^\$\s*/, '')
    .replaceAll(',', '');
  const match = dollarsPattern.exec(plain);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 4550 → "45.50": the value an input shows (no $ sign; the label says dollars). */
export function formatDollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${whole}.${rest}`;
}
