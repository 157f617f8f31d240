import type { Message } from '#shared/admin/messages.contract.ts';
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import {
  canRetry,
  channelLabel,
  kindLabel,
  stateLabel,
  whenLabel,
} from '#web/lib/message-labels.ts';
import { Detail } from '#web/components/admin/list-entry.tsx';

// why a message did not go: a reminder for a time the booking left, a cancelled booking's text
const settledWithReason = (message: Message) =>
  message.status === 'skipped' || message.status === 'cancelled' || message.status === 'superseded';

const stateTone = (message: Message) =>
  canRetry(message) ? 'text-danger' : message.provider === 'log' ? 'text-ink' : 'text-brand';

/**
 * One message a row: channel, what, to whom, state (with the last error of a failed one),
 * tries and when. A list rather than a table, so it reads the same at 320 px as on a desk.
 */
export function MessageList({
  messages,
  now,
  retrying,
  onRetry,
}: {
  messages: Message[];
  now: number;
  /** The id of the message whose Retry is under way. */
  retrying: string | null;
  onRetry: (message: Message) => void;
}) {
  return (
    <ul aria-label="Messages, newest first" className="space-y-3">
      {messages.map((message) => {
        const what = `${kindLabel(message.kind)} (${channelLabel(message.channel)})`;
        return (
          <li key={message.id} tabIndex={-1} className="rounded-xl border border-line p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-bold">{what}</p>
              <p className={`font-semibold ${stateTone(message)}`}>{stateLabel(message)}</p>
            </div>
            <dl className="mt-2 space-y-1 text-sm">
              <Detail term="To">
                {message.channel === 'sms'
                  ? formatAustralianPhone(message.recipient)
                  : message.recipient}
              </Detail>
              {canRetry(message) && message.lastError && (
                <Detail term="Last error">{message.lastError}</Detail>
              )}
              {settledWithReason(message) && message.lastError && (
                <Detail term="Why">{message.lastError}</Detail>
              )}
              <Detail term="Tries">{String(message.attempts)}</Detail>
              <Detail term="When">{whenLabel(message, now)}</Detail>
            </dl>
            {canRetry(message) && (
              <button
                type="button"
                className="btn-quiet mt-3"
                disabled={retrying === message.id}
                onClick={() => onRetry(message)}
              >
                {retrying === message.id ? 'Retrying...' : 'Retry'}
                <span className="sr-only">
                  : {what} to {message.recipient}
                </span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
