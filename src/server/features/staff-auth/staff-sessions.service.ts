import { createHash, randomBytes } from 'node:crypto';
import { staffErrorCodes, staffMessages } from '#shared/staff/staff.contract.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { hashForUnknownAccounts, hashPassword, needsRehash, verifyPassword } from './password-hash';
import { toStaffPrincipal, type StaffPrincipal } from './staff-accounts.service';
import {
  deleteDeadSessionsOf,
  deleteSession,
  deleteSessionByTokenHash,
  findSessionWithUser,
  findStaffUserByEmail,
  insertSession,
  touchSession,
  updateStaffUser,
} from './staff-auth.repository';

/** OWASP session guidance for a back-office app: 60 minutes idle, 12 hours at most. */
export const sessionLimits = {
  idleMs: 60 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  // lastSeenAt is written at most once a minute: one write per click would be wasted work.
  touchEveryMs: 60_000,
} as const;

const tokenBytes = 32;
// 32 random bytes in base64url: exactly 43 characters of this alphabet.
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** Only this hash is stored: a leaked database row cannot be replayed as a cookie. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function invalidCredentials() {
  return new HttpError(401, staffErrorCodes.invalidCredentials, staffMessages.incorrectPassword);
}

export interface SignInResult {
  token: string;
  user: StaffPrincipal;
}

/**
 * Checks the password and opens a new session. Unknown e-mails cost the same scrypt work and get
 * the same answer as a wrong password; a disabled account gets that answer too. The browser's
 * previous session, if any, is ended: every sign-in gets a fresh token (no session fixation).
 */
export async function signIn(
  db: Db,
  credentials: { email: string; password: string },
  context: { now: Date; previousToken?: string | undefined },
): Promise<SignInResult> {
  const { now, previousToken } = context;
  const row = await findStaffUserByEmail(db, credentials.email);
  const matches = await verifyPassword(
    credentials.password,
    row?.passwordHash ?? (await hashForUnknownAccounts()),
  );
  if (!row || !matches || row.disabled) throw invalidCredentials();

  if (previousToken) await deleteSessionByTokenHash(db, hashSessionToken(previousToken));
  await deleteDeadSessionsOf(db, row.id, {
    now,
    idleSince: new Date(now.getTime() - sessionLimits.idleMs),
  });

  const token = randomBytes(tokenBytes).toString('base64url');
  await insertSession(db, {
    tokenHash: hashSessionToken(token),
    staffUserId: row.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionLimits.absoluteMs),
  });
  await updateStaffUser(db, row.id, {
    lastLoginAt: now,
    // the hash was made with weaker parameters than today's: replace it while we know the password
    ...(needsRehash(row.passwordHash) && {
      passwordHash: await hashPassword(credentials.password),
    }),
  });
  return { token, user: toStaffPrincipal(row) };
}

/** The staff member a session token belongs to, or null when it is unknown, idle, expired or disabled. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<StaffPrincipal | null> {
  if (!tokenShape.test(token)) return null;
  const found = await findSessionWithUser(db, hashSessionToken(token));
  if (!found) return null;
  const { session, user } = found;
  const idleFor = now.getTime() - session.lastSeenAt.getTime();
  if (user.disabled || session.expiresAt <= now || idleFor >= sessionLimits.idleMs) {
    await deleteSession(db, session.id);
    return null;
  }
  if (idleFor >= sessionLimits.touchEveryMs) await touchSession(db, session.id, now);
  return toStaffPrincipal(user);
}

/** Ends the session server-side, so a copied cookie stops working too. */
export async function signOut(db: Db, token: string) {
  if (tokenShape.test(token)) await deleteSessionByTokenHash(db, hashSessionToken(token));
}
