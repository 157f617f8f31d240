import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CampaignLink, CreateCampaignLink } from '#shared/admin/campaign-links.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

const path = '/api/admin/campaign-links';

export const campaignLinksQuery = queryOptions({
  queryKey: [...adminQueryKey, 'campaign-links'],
  queryFn: async ({ signal }) => (await api.get<{ links: CampaignLink[] }>(path, signal)).links,
});

/** Saves a link; the list shows the server's answer at once, newest first. */
export async function saveCampaignLink(
  queryClient: QueryClient,
  fields: CreateCampaignLink,
): Promise<CampaignLink> {
  const { link } = await api.post<{ link: CampaignLink }>(path, fields);
  queryClient.setQueryData(campaignLinksQuery.queryKey, (list = []) => [link, ...list]);
  return link;
}

export async function deleteCampaignLink(queryClient: QueryClient, id: string): Promise<void> {
  await api.delete(`${path}/${id}`);
  queryClient.setQueryData(campaignLinksQuery.queryKey, (list = []) =>
    list.filter((l) => l.id !== id),
  );
}

/** The QR code's download address (the server names the file after the link). */
export const qrUrl = (link: CampaignLink, format: 'svg' | 'png') =>
  `${path}/${encodeURIComponent(link.id)}/qr.${format}`;
