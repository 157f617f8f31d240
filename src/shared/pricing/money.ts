const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** 123450 → "$1,234.50". */
export function formatCents(cents: number): string {
  return aud.format(cents / 100);
}

/** Prices include GST: the GST part of a GST-inclusive amount is one eleventh. */
export function gstIncluded(totalCents: number): number {
  return Math.round(totalCents / 11);
}

/** 123450 → "$1,234.50 inc. GST". */
export function formatPriceIncGst(cents: number): string {
  return `${formatCents(cents)} inc. GST`;
}
