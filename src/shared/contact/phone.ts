// Australian numbers: +61 or 0, then a digit 2-9, then 8 digits. People type spaces, dashes,
// dots and brackets ("(03) 9123-4567"), so those are ignored before the check.
const separators = /[\s\-().]/g;
const australianPhone = /^(?:\+61|0)([2-9]\d{8})$/;

export function isAustralianPhone(input: string): boolean {
  return australianPhone.test(input.replace(separators, ''));
}

/** An Australian mobile (04…), the only kind of number a text message reaches. */
export function isAustralianMobile(input: string): boolean {
  return isAustralianPhone(input) && /^(?:\+61|0)4/.test(input.replace(separators, ''));
}

/** "0412 345 678" → "+61412345678". Call only on a number isAustralianPhone accepted. */
export function toE164(input: string): string {
  const match = australianPhone.exec(input.replace(separators, ''));
  if (!match) throw new Error('Not an Australian phone number');
  return `+61${match[1]}`;
}

/**
 * A phone number as Australians write it (the national format libphonenumber gives):
 * "0398765432" → "(03) 9876 5432", "+61412345678" → "0412 345 678", "1300123456" →
 * "1300 123 456". Anything else is shown as it was typed. Small on purpose: the help dialog and
 * the pages that show the business's number need no phone library for this.
 */
export function formatAustralianPhone(input: string): string {
  const digits = input.replace(separators, '');
  if (isAustralianPhone(digits)) {
    const national = `0${toE164(digits).slice(3)}`;
    return /^0[45]/.test(national)
      ? `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`
      : `(${national.slice(0, 2)}) ${national.slice(2, 6)} ${national.slice(6)}`;
  }
  if (/^1[38]00\d{6}$/.test(digits)) {
    return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  }
  return input.trim();
}

/** The `tel:` address of a number: +61… for a full Australian number, else its digits. */
export function phoneHref(input: string): string {
  const digits = input.replace(separators, '');
  return `tel:${isAustralianPhone(digits) ? toE164(digits) : digits.replace(/[^\d+]/g, '')}`;
}
