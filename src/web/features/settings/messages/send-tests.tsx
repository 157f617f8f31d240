import { useRef, useState } from 'react';
import {
  messagesMessages,
  testChannels,
  testMobileSchema,
  type TestChannel,
} from '#shared/admin/messages.contract.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { testLabels } from '#web/lib/message-labels.ts';

/**
 * One "Send test" per channel, shown in the list below: to the business itself, except the text
 * message, which goes to the mobile typed here (the business's own number is often a landline,
 * which no text reaches).
 */
export function SendTests({
  sending,
  onSend,
}: {
  /** The channel whose test is being queued. */
  sending: TestChannel | null;
  onSend: (channel: TestChannel, to?: string) => void;
}) {
  const [mobile, setMobile] = useState('');
  const [mobileError, setMobileError] = useState('');
  const mobileRef = useRef<HTMLInputElement>(null);

  const send = (channel: TestChannel) => {
    if (channel !== 'sms') return onSend(channel);
    if (!testMobileSchema.safeParse(mobile).success) {
      setMobileError(messagesMessages.testMobile);
      mobileRef.current?.focus();
      return;
    }
    setMobileError('');
    onSend(channel, mobile);
  };

  return (
    <div role="group" aria-labelledby="messages-tests-title" className="space-y-2">
      <h3 id="messages-tests-title" className="font-bold">
        Send a test
      </h3>
      <p className="text-sm text-muted">
        Each goes to your own address or service as set up above; the test text message goes to the
        mobile below.
      </p>
      <div className="max-w-xs">
        <TextField
          ref={mobileRef}
          id="messages-test-mobile"
          label="Mobile for the test text message"
          hint="Like 0412 345 678"
          type="tel"
          autoComplete="tel"
          value={mobile}
          error={mobileError || undefined}
          onChange={(event) => setMobile(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        {testChannels.map((channel) => (
          <button
            key={channel}
            type="button"
            className="btn-quiet"
            disabled={sending !== null}
            aria-busy={sending === channel || undefined}
            onClick={() => send(channel)}
          >
            {testLabels[channel]}
          </button>
        ))}
      </div>
    </div>
  );
}
