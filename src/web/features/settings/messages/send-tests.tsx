import { messageChannels, type MessageChannelName } from '#shared/admin/messages.contract.ts';
import { testLabels } from '#web/lib/message-labels.ts';

/** One "Send test" per channel: a message to the business itself, shown in the list below. */
export function SendTests({
  sending,
  onSend,
}: {
  /** The channel whose test is being queued. */
  sending: MessageChannelName | null;
  onSend: (channel: MessageChannelName) => void;
}) {
  return (
    <div role="group" aria-labelledby="messages-tests-title" className="space-y-2">
      <h3 id="messages-tests-title" className="font-bold">
        Send a test
      </h3>
      <p className="text-sm text-muted">
        Each goes to your own address, number or service as set up above.
      </p>
      <div className="flex flex-wrap gap-2">
        {messageChannels.map((channel) => (
          <button
            key={channel}
            type="button"
            className="btn-quiet"
            disabled={sending !== null}
            aria-busy={sending === channel || undefined}
            onClick={() => onSend(channel)}
          >
            {testLabels[channel]}
          </button>
        ))}
      </div>
    </div>
  );
}
