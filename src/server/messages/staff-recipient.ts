import type { Db } from '#server/db/client.ts';
import { businessConfirmedKey } from '#shared/settings/setup-checklist.ts';
import type { SettingValues } from '#shared/settings/settings-registry.ts';
import { firstAdminEmail } from './message-facts.repository';

/** The settings deciding where staff notices go (read with the caller's other settings). */
export const staffRecipientKeys = ['contact_email', businessConfirmedKey] as const;

/**
 * Where staff notices (new lead, new booking, changes, cancellations, the test e-mail) go: the
 * business e-mail once an admin has confirmed the business details; until then the first admin's
 * own address, so a new install's notices reach a person and never the seeded placeholder
 * (issue 26 item 10). Undefined when neither exists: no notice is queued.
 */
export async function staffRecipient(
  db: Db,
  values: SettingValues<(typeof staffRecipientKeys)[number]>,
): Promise<string | undefined> {
  if (values[businessConfirmedKey] === true) return values.contact_email;
  return firstAdminEmail(db);
}
