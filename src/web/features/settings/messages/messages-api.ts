import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  listMessagesResponseSchema,
  Message,
  MessageChannelName,
  TestChannel,
  MessageStatus,
  messageResponseSchema,
} from '#shared/admin/messages.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

type MessagesPage = z.infer<typeof listMessagesResponseSchema>;
type MessageAnswer = z.infer<typeof messageResponseSchema>;

export interface MessageFilter {
  status: MessageStatus | '';
  channel: MessageChannelName | '';
}

const messagesKey = [...adminQueryKey, 'messages'] as const;
const pageSize = 25;

// Faster while something on screen is on its way now, so a test's row reaches its state without
// a wait; otherwise a calm refresh. A reminder queued for next week is not on its way. TanStack
// pauses both while the tab is hidden.
const busyMs = 3_000;
const idleMs = 15_000;
const inFlight = (message: Message, now: number) =>
  message.status === 'sending' ||
  (message.status === 'queued' && Date.parse(message.sendAfter) <= now + busyMs);

export function messagesQuery(filter: MessageFilter) {
  return infiniteQueryOptions({
    queryKey: [...messagesKey, filter],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (filter.status) params.set('status', filter.status);
      if (filter.channel) params.set('channel', filter.channel);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<MessagesPage>(`/api/messages?${params}`, signal);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => {
      const pages = query.state.data?.pages ?? [];
      const now = Date.now();
      return pages.some((page) => page.messages.some((m) => inFlight(m, now))) ? busyMs : idleMs;
    },
  });
}

/** Every filter's list and the counts are stale after a change: read them again. */
export const refreshMessages = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: messagesKey });

export const retryMessage = (id: string) =>
  api.post<MessageAnswer>(`/api/messages/${encodeURIComponent(id)}/retry`, {});

/** `to`: the mobile a test text message goes to. */
export const sendTestMessage = (channel: TestChannel, to?: string) =>
  api.post<MessageAnswer>('/api/messages/test', to === undefined ? { channel } : { channel, to });
