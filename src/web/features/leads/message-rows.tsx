import type { Message } from '#shared/admin/messages.contract.ts';
import {
  canRetry,
  channelLabel,
  kindLabel,
  stateLabel,
  whenLabel,
} from '#web/lib/message-labels.ts';

/** Messages about a lead or a booking, each with its delivery state (as Settings → Messages). */
export function MessageRows({
  messages,
  label,
  now,
}: {
  messages: Message[];
  /** The list's accessible name ("Messages about this booking"). */
  label: string;
  now: number;
}) {
  if (messages.length === 0) return <p className="text-sm text-muted">No messages.</p>;
  return (
    <ul aria-label={label} className="space-y-2 text-sm">
      {messages.map((message) => (
        <li key={message.id} className="rounded-lg border border-line p-3">
          <p className="font-semibold">
            {kindLabel(message.kind)} ({channelLabel(message.channel)}) to {message.recipient}
          </p>
          <p>
            <span className={canRetry(message) ? 'font-semibold text-danger' : 'font-semibold'}>
              {stateLabel(message)}
            </span>
            {' · '}
            {whenLabel(message, now)}
          </p>
          {canRetry(message) && message.lastError && (
            <p className="break-words text-muted">Last error: {message.lastError}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
