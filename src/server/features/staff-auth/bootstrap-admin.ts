import { ConfigError } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { passwordProblem } from './password-strength';
import { createStaffAccount } from './staff-accounts.service';
import { findStaffUserByEmail } from './staff-auth.repository';

export interface BootstrapLogger {
  info(details: object, message: string): void;
}

/**
 * Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no account has that e-mail, so
 * no default password ever ships. An existing account is left alone (its password may have been
 * changed since). The password is checked on every start, so a weak one cannot stay configured,
 * and it never appears in a log line or an error message.
 */
export async function ensureBootstrapAdmin(
  db: Db,
  admin: { email: string; password: string } | undefined,
  log: BootstrapLogger,
): Promise<'created' | 'exists' | 'not-configured'> {
  if (!admin) return 'not-configured';
  const email = admin.email.trim().toLowerCase();
  const problem = passwordProblem(admin.password, { email });
  if (problem) {
    throw new ConfigError(
      `ADMIN_PASSWORD is refused: ${problem} Choose another and start again (the value is never shown).`,
    );
  }
  if (await findStaffUserByEmail(db, email)) return 'exists';
  try {
    await createStaffAccount(db, { email, role: 'admin', password: admin.password });
  } catch (err) {
    // Another process started at the same moment and created it first.
    if (err instanceof HttpError && err.statusCode === 409) return 'exists';
    throw err;
  }
  log.info({ email }, 'created the first admin account from ADMIN_EMAIL');
  return 'created';
}
