import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { staffSessions, staffUsers } from '#server/db/schema/index.ts';

export type StaffUserRow = typeof staffUsers.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type NewStaffUser = Pick<StaffUserRow, 'email' | 'displayName' | 'passwordHash' | 'role'>;
export type NewStaffSession = Omit<StaffSessionRow, 'id'>;

export async function findStaffUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  return row;
}

/** Inserts the account unless one has that e-mail already: undefined then. */
export async function insertStaffUserIfNew(db: Db, user: NewStaffUser) {
  const [row] = await db.insert(staffUsers).values(user).onConflictDoNothing().returning();
  return row;
}

export function listStaffUsers(db: Db) {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.email));
}

export async function updateStaffUser(
  db: Db,
  id: string,
  patch: Partial<Pick<StaffUserRow, 'passwordHash' | 'disabled' | 'lastLoginAt'>>,
) {
  await db
    .update(staffUsers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, id));
}

/** Changes the account and ends all its sessions in one transaction (disable, new password). */
export async function updateStaffUserEndingSessions(
  db: Db,
  id: string,
  patch: Partial<Pick<StaffUserRow, 'passwordHash' | 'disabled'>>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(staffUsers.id, id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, id));
  });
}

export async function insertSession(db: Db, session: NewStaffSession) {
  await db.insert(staffSessions).values(session);
}

export async function findSessionWithUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: staffSessions, user: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  return row;
}

export async function touchSession(db: Db, id: string, now: Date) {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(staffSessions).where(eq(staffSessions.id, id));
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string) {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Removes a user's sessions that can no longer be used, so the table does not grow forever. */
export async function deleteDeadSessionsOf(
  db: Db,
  staffUserId: string,
  cutoffs: { now: Date; idleSince: Date },
) {
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.staffUserId, staffUserId),
        or(
          lte(staffSessions.expiresAt, cutoffs.now),
          lte(staffSessions.lastSeenAt, cutoffs.idleSince),
        ),
      ),
    );
}
