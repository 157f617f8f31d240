import type { Db } from '#server/db/client.ts';
import { firstAdminEmail } from './message-facts.repository';
import { businessConfirmedKey } from '#shared/settings/setup-checklist.ts';

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
  stored: ReadonlyMap<string, unknown>,
): Promise<string | undefined> {
  const email = stored.get('contact_email');
  if (stored.get(businessConfirmedKey) === true && typeof email === 'string' && email) {
    return email;
  }
  return firstAdminEmail(db);
}
