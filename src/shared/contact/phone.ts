// Australian numbers: +61 or 0, then a digit 2-9, then 8 digits. People type spaces, dashes,
// dots and brackets ("(03) 9123-4567"), so those are ignored before the check.
const separators = /[\s\-().]/g;
const australianPhone = /^(?:\+61|0)([2-9]\d{8})$/;

export function isAustralianPhone(input: string): boolean {
  return australianPhone.test(input.replace(separators, ''));
}

/** "0412 345 678" → "+61412345678". Call only on a number isAustralianPhone accepted. */
export function toE164(input: string): string {
  const match = australianPhone.exec(input.replace(separators, ''));
  if (!match) throw new Error('Not an Australian phone number');
  return `+61${match[1]}`;
}
