import {
  messageStatuses,
  statusLabels,
  type MessageStatus,
} from '#shared/admin/messages.contract.ts';

/** How many messages are in each state (all channels, whatever the filter shows). */
export function MessageCounts({ counts }: { counts: Partial<Record<MessageStatus, number>> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {messageStatuses.map((status) => (
        <div key={status} className="rounded-lg bg-canvas px-3 py-2">
          <dt className="text-sm text-muted">{statusLabels[status]}</dt>
          <dd
            className={`text-lg font-bold ${status === 'dead' && counts[status] ? 'text-danger' : ''}`}
          >
            {counts[status] ?? 0}
          </dd>
        </div>
      ))}
    </dl>
  );
}
