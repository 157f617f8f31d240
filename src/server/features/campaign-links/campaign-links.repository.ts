import { desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { campaignLinks } from '#server/db/schema/index.ts';

// The one writer (and reader) of `campaign_links` (issue 30).

export type CampaignLinkRow = typeof campaignLinks.$inferSelect;
export type CampaignLinkValues = Omit<typeof campaignLinks.$inferInsert, 'id' | 'createdAt'>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Newest first. */
export function listCampaignLinks(db: Db): Promise<CampaignLinkRow[]> {
  return db
    .select()
    .from(campaignLinks)
    .orderBy(desc(campaignLinks.createdAt), desc(campaignLinks.id));
}

export async function findCampaignLink(db: Db, id: string): Promise<CampaignLinkRow | null> {
  // ids are UUIDs: anything else is simply not found (never a database error)
  if (!uuid.test(id)) return null;
  const [row] = await db.select().from(campaignLinks).where(eq(campaignLinks.id, id)).limit(1);
  return row ?? null;
}

export async function insertCampaignLink(
  db: Db,
  values: CampaignLinkValues,
): Promise<CampaignLinkRow> {
  const [row] = await db.insert(campaignLinks).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteCampaignLink(db: Db, id: string): Promise<boolean> {
  if (!uuid.test(id)) return false;
  const rows = await db
    .delete(campaignLinks)
    .where(eq(campaignLinks.id, id))
    .returning({ id: campaignLinks.id });
  return rows.length > 0;
}
