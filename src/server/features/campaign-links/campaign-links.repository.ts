import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { campaignLinks } from '#server/db/schema/index.ts';
import type { Span } from '#server/lib/day-period.ts';

// The one writer (and reader) of `campaign_links` (issue 30); it reads utm_captures, leads and
// bookings for the links' figures, and writes none of them.

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

export interface CampaignLinkCounts {
  id: string;
  name: string;
  source: string;
  medium: string;
  campaign: string;
  visits: number;
  leads: number;
  bookings: number;
}

/**
 * Every saved link (newest first) with its visits in the span: sessions that landed with exactly
 * its three tags (utm_captures_tags_idx); of those landings, the distinct leads they are linked
 * to, and those leads' bookings that are not cancelled (whenever made: the visit is what the
 * span picks). Two links with the same tags share their figures: the tags are all a visit keeps.
 */
export async function campaignLinkCounts(db: Db, span: Span): Promise<CampaignLinkCounts[]> {
  const start = sql`${span.start.toISOString()}::timestamptz`;
  const end = sql`${span.end.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select l.id, l.name, l.source, l.medium, l.campaign,
      coalesce(v.visits, 0)::int as visits, coalesce(v.leads, 0)::int as leads,
      coalesce(b.bookings, 0)::int as bookings
    from campaign_links l
    left join lateral (
      select count(distinct c.session_id) as visits, count(distinct c.lead_id) as leads,
        array_remove(array_agg(distinct c.lead_id), null) as lead_ids
      from utm_captures c
      where c.utm_source = l.source and c.utm_medium = l.medium and c.utm_campaign = l.campaign
        and c.created_at >= ${start} and c.created_at < ${end}
    ) v on true
    left join lateral (
      select count(*) as bookings from bookings bk
      where bk.lead_id = any(v.lead_ids) and bk.status <> 'cancelled'
    ) b on true
    order by l.created_at desc, l.id desc`);
  return (result as unknown as { rows: CampaignLinkCounts[] }).rows;
}
