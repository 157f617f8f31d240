import { staffRoles, type StaffRole, type StaffUser } from '#shared/staff/staff.contract.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { hashPassword } from './password-hash';
import { passwordProblem } from './password-strength';
import {
  findStaffUserByEmail,
  insertStaffUserIfNew,
  listStaffUsers,
  updateStaffUserEndingSessions,
  type StaffUserRow,
} from './staff-auth.repository';

/** The signed-in person as the server knows them (the id never leaves the server). */
export interface StaffPrincipal extends StaffUser {
  id: string;
}

export function isStaffRole(value: string): value is StaffRole {
  return (staffRoles as readonly string[]).includes(value);
}

export function toStaffPrincipal(row: StaffUserRow): StaffPrincipal {
  // A role the code does not know (edited by hand) gets the least access, not an error page.
  const role = isStaffRole(row.role) ? row.role : 'staff';
  return { id: row.id, email: row.email, role, displayName: row.displayName };
}

export function toStaffUserDto({ email, role, displayName }: StaffPrincipal): StaffUser {
  return { email, role, displayName };
}

function refuseWeakPassword(
  password: string,
  about: { email: string; displayName?: string | null },
) {
  const problem = passwordProblem(password, about);
  if (problem) throw HttpError.badRequest(problem, { password: problem });
}

async function requireAccount(db: Db, email: string) {
  const row = await findStaffUserByEmail(db, email.trim().toLowerCase());
  if (!row) throw HttpError.notFound(`No staff account has the e-mail ${email}.`);
  return row;
}

export interface NewAccount {
  email: string;
  role: StaffRole;
  password: string;
  displayName?: string | null;
}

export async function createStaffAccount(db: Db, account: NewAccount) {
  const email = account.email.trim().toLowerCase();
  const displayName = account.displayName?.trim() || null;
  refuseWeakPassword(account.password, { email, displayName });
  const row = await insertStaffUserIfNew(db, {
    email,
    displayName,
    role: account.role,
    passwordHash: await hashPassword(account.password),
  });
  if (!row) throw HttpError.conflict(`A staff account with the e-mail ${email} exists already.`);
  return toStaffPrincipal(row);
}

/** A new password ends every session of the account: whoever knew the old one is signed out. */
export async function resetStaffPassword(db: Db, email: string, password: string) {
  const row = await requireAccount(db, email);
  refuseWeakPassword(password, row);
  await updateStaffUserEndingSessions(db, row.id, { passwordHash: await hashPassword(password) });
}

/** Disabling ends the account's sessions at once; enabling lets it sign in again. */
export async function setStaffDisabled(db: Db, email: string, disabled: boolean) {
  const row = await requireAccount(db, email);
  await updateStaffUserEndingSessions(db, row.id, { disabled });
}

export async function listStaffAccounts(db: Db) {
  const rows = await listStaffUsers(db);
  return rows.map((row) => ({
    ...toStaffUserDto(toStaffPrincipal(row)),
    disabled: row.disabled,
    lastLoginAt: row.lastLoginAt,
  }));
}
