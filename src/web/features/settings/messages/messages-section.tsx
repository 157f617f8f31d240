import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { NoticeLines } from '#web/components/ui/notice-lines.tsx';
import { MessageCounts } from './message-counts';
import { MessageFilters } from './message-filters';
import { MessageList } from './message-list';
import { messagesQuery, type MessageFilter } from './messages-api';
import { SendTests } from './send-tests';
import { useMessageActions } from './use-message-actions';

const noFilter: MessageFilter = { status: '', channel: '' };

/** Settings → Messages: every outbound message with its state, Retry, and a test per channel. */
export function MessagesSection() {
  const [filter, setFilter] = useState(noFilter);
  // the last list stays on screen while another filter's loads, so the page does not jump
  const query = useInfiniteQuery({ ...messagesQuery(filter), placeholderData: keepPreviousData });
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const { notice, problem, retrying, sending, retry, sendTest } = useMessageActions(
    filter,
    setFilter,
    noticeRef,
  );

  // every state across all channels, whatever the filter (the server counts them all)
  const counts = query.data?.pages[0]?.counts;

  const loadMore = async (shown: number) => {
    await query.fetchNextPage();
    // focus the first row that came in, not the button that may have gone with the last page
    listRef.current?.querySelectorAll<HTMLElement>('li').item(shown)?.focus();
  };

  return (
    <AdminSection
      id="messages"
      title="Messages"
      description="Every e-mail, text message, webhook, Google Analytics event and job-tracker update the app sends, with its state. Refreshes by itself while open."
    >
      {counts && (
        <div role="group" aria-labelledby="messages-counts-title">
          <h3 id="messages-counts-title" className="mb-2 font-bold">
            By state
          </h3>
          <MessageCounts counts={counts} />
        </div>
      )}
      <SendTests sending={sending} onSend={(channel, to) => void sendTest(channel, to)} />
      <NoticeLines notice={notice} problem={problem} noticeRef={noticeRef} />
      <MessageFilters filter={filter} onChange={setFilter} />
      <QueryContent query={query}>
        {(data) => {
          const messages = data.pages.flatMap((page) => page.messages);
          const filtered = filter.status !== '' || filter.channel !== '';
          return (
            // busy while another filter's list loads behind the last one
            <div
              ref={listRef}
              aria-busy={query.isPlaceholderData || undefined}
              className="space-y-4"
            >
              {messages.length === 0 ? (
                <p className="text-muted">
                  {filtered ? 'No messages match these filters.' : 'No messages yet.'}
                </p>
              ) : (
                <MessageList
                  messages={messages}
                  now={query.dataUpdatedAt}
                  retrying={retrying}
                  onRetry={(message) => void retry(message)}
                />
              )}
              {query.hasNextPage && (
                <button
                  type="button"
                  className="btn-quiet"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void loadMore(messages.length)}
                >
                  {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </button>
              )}
            </div>
          );
        }}
      </QueryContent>
    </AdminSection>
  );
}
