// The business's e-mail when backups keep failing (issue 31): sent on the second failure in a row,
// once per streak, with the last run's own sentence (no stack) and what to do.
import type { BusinessDetails } from '#server/messages/message-context.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { renderEmail, type EmailContent } from './email-layout';
import { formatWhen } from './format';

const backupTimeZone = 'Australia/Melbourne';

export function backupFailedEmail(business: BusinessDetails, delivery: DeliveryRow): EmailContent {
  const payload = delivery.payload as { error?: unknown; failures?: unknown; since?: unknown };
  const error = typeof payload.error === 'string' ? payload.error : 'The backup did not finish.';
  const failures = typeof payload.failures === 'number' ? payload.failures : 2;
  const since = typeof payload.since === 'string' ? new Date(payload.since) : undefined;
  const site = business.name || 'your booking site';
  const details: [string, string][] = [
    ['Failed backups in a row', String(failures)],
    ['Last error', error],
  ];
  if (since && !Number.isNaN(since.getTime())) {
    details.push(['Failing since', formatWhen(since, backupTimeZone)]);
  }
  return renderEmail(`Backups of ${site} are failing`, 'Backups are failing', [
    {
      paragraph: `The last ${failures} backups of ${site} failed, so your newest data is not backed up anywhere else.`,
    },
    { details },
    {
      paragraph:
        'Settings shows every run. Fix the cause above, then use Back up now to check. This e-mail is sent once until a backup succeeds again.',
    },
  ]);
}
