import { useQueryClient } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import type { Message, TestChannel } from '#shared/admin/messages.contract.ts';
import { refreshMessages, retryMessage, sendTestMessage, type MessageFilter } from './messages-api';

const failure = (error: unknown) =>
  error instanceof Error ? error.message : 'That did not work. Please try again.';

/**
 * Retry and Send test: each says how it went in the section's live region (the server's own
 * words, "Queued to send again."), then the list is read again so the row shows its new state.
 */
export function useMessageActions(
  filter: MessageFilter,
  setFilter: (filter: MessageFilter) => void,
  /** Where focus goes after a Retry: the Retry button goes with the failed state. */
  noticeRef: RefObject<HTMLElement | null>,
) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const [retrying, setRetrying] = useState<string | null>(null);
  const [sending, setSending] = useState<TestChannel | null>(null);

  const run = async (action: () => Promise<{ notice: string }>) => {
    setNotice('');
    setProblem('');
    try {
      setNotice((await action()).notice);
      return true;
    } catch (error) {
      setProblem(failure(error));
      return false;
    } finally {
      await refreshMessages(queryClient);
    }
  };

  const retry = async (message: Message) => {
    setRetrying(message.id);
    await run(() => retryMessage(message.id));
    setRetrying(null);
    noticeRef.current?.focus();
  };

  const sendTest = async (channel: TestChannel, to?: string) => {
    setSending(channel);
    const queued = await run(() => sendTestMessage(channel, to));
    setSending(null);
    // the test's row must show: a filter that would hide it is cleared
    const hidden = filter.status !== '' || (filter.channel !== '' && filter.channel !== channel);
    if (queued && hidden) setFilter({ status: '', channel: '' });
  };

  return { notice, problem, retrying, sending, retry, sendTest };
}
