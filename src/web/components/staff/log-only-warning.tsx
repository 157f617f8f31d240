import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '#web/lib/queries.ts';

/**
 * While no mail server is set up, customer e-mails are only written to the server log: staff are
 * told where they work (the dashboard, Settings), so nobody believes a customer was e-mailed
 * (issue 26 item 9). Nothing while the settings load or once e-mail is set up.
 */
export function LogOnlyWarning({ settingsLink = true }: { settingsLink?: boolean }) {
  const { data } = useQuery(settingsQuery);
  if (!data || data.messages.emailSent) return null;
  return (
    <div role="note" className="rounded-xl border-2 border-danger bg-danger-soft p-4">
      <p className="font-bold">Customer messages only go to the log</p>
      <p className="mt-1">
        No e-mail server is set up, so booking confirmations, reminders and cancellations are
        written to the server log and no customer receives them.{' '}
        {settingsLink ? (
          <>
            An admin can set one up in{' '}
            <a href="/settings#email" className="link">
              Settings → E-mail
            </a>
            .
          </>
        ) : (
          'Set one up under E-mail below.'
        )}
      </p>
    </div>
  );
}
