import {
  channelLabels,
  messageChannels,
  messageStatuses,
  statusLabels,
  type MessageChannelName,
  type MessageStatus,
} from '#shared/admin/messages.contract.ts';
import type { MessageFilter } from './messages-api';

/** Which messages the list shows: by state and by channel (blank: all). */
export function MessageFilters({
  filter,
  onChange,
}: {
  filter: MessageFilter;
  onChange: (filter: MessageFilter) => void;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">Show messages</legend>
      <div>
        <label htmlFor="messages-status" className="field-label">
          State
        </label>
        <select
          id="messages-status"
          className="field-input"
          value={filter.status}
          onChange={(event) =>
            onChange({ ...filter, status: event.target.value as MessageStatus | '' })
          }
        >
          <option value="">All states</option>
          {messageStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="messages-channel" className="field-label">
          Channel
        </label>
        <select
          id="messages-channel"
          className="field-input"
          value={filter.channel}
          onChange={(event) =>
            onChange({ ...filter, channel: event.target.value as MessageChannelName | '' })
          }
        >
          <option value="">All channels</option>
          {messageChannels.map((channel) => (
            <option key={channel} value={channel}>
              {channelLabels[channel]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
