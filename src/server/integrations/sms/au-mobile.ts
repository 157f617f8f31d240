import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

// Texts go to Australian mobiles only: a landline cannot receive them, and sending abroad is
// neither needed nor priced in. The "max" metadata is the one that tells mobile from fixed line.

/** "0412 345 678", "+61 412 345 678", "61412345678" → "+61412345678"; undefined for anything else. */
export function toAustralianMobile(phone: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, 'AU');
  if (!parsed || parsed.country !== 'AU' || !parsed.isValid()) return undefined;
  return parsed.getType() === 'MOBILE' ? parsed.number : undefined;
}
