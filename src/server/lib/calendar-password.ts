import type { SettingSecrets } from './setting-secrets';

// A consultant's CalDAV app password, sealed like the secret settings (ADR 012) and kept in
// consultant_calendars.password_sealed as JSON. The consultant's id is the sealed value's
// context, so a sealed password copied onto another consultant's row fails to open.

const contextOf = (consultantId: string) => `consultant_calendars.password:${consultantId}`;

export function sealCalendarPassword(
  secrets: SettingSecrets,
  consultantId: string,
  password: string,
): string {
  return JSON.stringify(secrets.seal(contextOf(consultantId), password));
}

/** The password; throws when it was sealed with another key (or for another consultant). */
export function openCalendarPassword(
  secrets: SettingSecrets,
  consultantId: string,
  sealed: string,
): string {
  const value = secrets.open(contextOf(consultantId), JSON.parse(sealed) as unknown);
  if (typeof value !== 'string') throw new Error('the sealed calendar password is not text');
  return value;
}
