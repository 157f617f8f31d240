import { and, count, eq } from 'drizzle-orm';
import { isLeadOfSession } from '#server/db/lead-of-session.ts';
import type { Db } from '#server/db/client.ts';
import { leads, uploadedFiles } from '#server/db/schema/index.ts';

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;
export type NewUploadedFile = Omit<typeof uploadedFiles.$inferInsert, 'id' | 'createdAt'> & {
  leadId: string;
};

export async function findLeadIdBySession(db: Db, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(isLeadOfSession(sessionId))
    .limit(1);
  return row?.id;
}

export async function countLeadFiles(db: Db, leadId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.leadId, leadId));
  return row?.n ?? 0;
}

/**
 * Inserts the file unless its lead already has `max` files; undefined when full. The lead row is
 * locked first, so two uploads of one lead count one after the other and cannot both take the
 * last place (without the lock both would count 9 and insert).
 */
export async function insertFileWithinLimit(
  db: Db,
  file: NewUploadedFile,
  max: number,
): Promise<UploadedFileRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, file.leadId)).for('update');
    if ((await countLeadFiles(tx, file.leadId)) >= max) return undefined;
    const [row] = await tx.insert(uploadedFiles).values(file).returning();
    return row;
  });
}

export async function findFile(db: Db, id: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id)).limit(1);
  return row;
}

/** The file only when it was uploaded in that browser session. */
export async function findSessionFile(
  db: Db,
  id: string,
  sessionId: string,
): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, id), eq(uploadedFiles.sessionId, sessionId)))
    .limit(1);
  return row;
}

/** Deletes the file only when it was uploaded in that browser session; the row it removed. */
export async function deleteSessionFile(db: Db, id: string, sessionId: string) {
  const [row] = await db
    .delete(uploadedFiles)
    .where(and(eq(uploadedFiles.id, id), eq(uploadedFiles.sessionId, sessionId)))
    .returning();
  return row;
}
