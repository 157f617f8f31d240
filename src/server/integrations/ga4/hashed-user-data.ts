import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

// GA4's user-provided data (Measurement Protocol user_data): only SHA-256 hex of the normalised
// e-mail and E.164 phone ever leaves the app (ARCHITECTURE.md, Attribution). Google hashes its
// own copy the same way (the Google Ads enhanced-conversions rules), so both must normalise alike.

export interface Ga4UserData {
  sha256_email_address?: string[];
  sha256_phone_number?: string[];
}

const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

/** Trimmed and lowercase; for gmail.com and googlemail.com, without the dots before the @. */
export function normalisedEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const [local, domain] = [lower.slice(0, at), lower.slice(at + 1)];
  if (at < 1 || !gmailDomains.has(domain)) return lower;
  return `${local.replaceAll('.', '')}@${domain}`;
}

/** E.164 ("+61412345678"), numbers without a country code read as Australian; undefined if invalid. */
export function e164Phone(phone: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'AU');
  return parsed?.isValid() ? parsed.number : undefined;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** user_data for a GA4 request, or undefined when there is nothing usable to send. */
export function hashedUserData({
  email,
  phone,
}: {
  email?: string | null | undefined;
  phone?: string | null | undefined;
}): Ga4UserData | undefined {
  const userData: Ga4UserData = {};
  if (email?.includes('@')) userData.sha256_email_address = [sha256Hex(normalisedEmail(email))];
  const e164 = phone ? e164Phone(phone) : undefined;
  if (e164) userData.sha256_phone_number = [sha256Hex(e164)];
  return Object.keys(userData).length > 0 ? userData : undefined;
}
