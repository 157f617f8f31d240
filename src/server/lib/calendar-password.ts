import type { SettingSecrets } from './setting-secrets';

// A consultant's CalDAV app password at rest (issue 29, ADR 053): sealed like the secret settings
// (ADR 015) with the consultant's id in its context, so a sealed value copied onto another
// consultant's row fails to open. consultant_calendars.password_sealed holds the JSON.

const contextOf = (consultantId: string) => `consultant_calendars.password:${consultantId}`;

export function sealCalendarPassword(
  secrets: SettingSecrets,
  consultantId: string,
  password: string,
): string {
  return JSON.stringify(secrets.seal(contextOf(consultantId), password));
}

/** The password; throws when it was sealed with another key or for another consultant. */
export function openCalendarPassword(
  secrets: SettingSecrets,
  consultantId: string,
  sealed: string,
): string {
  const value = secrets.open(contextOf(consultantId), JSON.parse(sealed) as unknown);
  if (typeof value !== 'string') throw new Error('the sealed calendar password is not text');
  return value;
}
