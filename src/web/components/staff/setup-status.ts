import { queryOptions } from '@tanstack/react-query';
import { emailSetupItem, setupItems, type SetupStatus } from '#shared/settings/setup-checklist.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

// Under the admin key: signing in as someone else drops the cached answer (staff-api.ts).
export const setupStatusQuery = queryOptions({
  queryKey: [...adminQueryKey, 'setup'],
  queryFn: ({ signal }) => api.get<SetupStatus>('/api/setup', signal),
  // the test e-mail is sent by the worker a moment after "Send test": the list notices by itself
  refetchInterval: ({ state }) =>
    state.data?.email.configured && !state.data.email.testSent ? 15_000 : false,
});

export type SetupRow = {
  key: string;
  title: string;
  why: string;
  section: string;
  done: boolean;
  /** What is left, in a word, when not done. */
  state: string;
};

/** The checklist's rows in order: the three confirmations, then e-mail sending. */
export function setupRows(status: SetupStatus): SetupRow[] {
  const confirmations = setupItems.map((item) => {
    const done = status.confirmed[item.key];
    return { ...item, done, state: done ? 'confirmed' : 'not confirmed yet' };
  });
  const { configured, testSent } = status.email;
  const email = {
    key: 'email',
    ...emailSetupItem,
    done: configured && testSent,
    state: !configured
      ? 'not set up yet'
      : testSent
        ? 'set up and tested'
        : 'set up, test e-mail not sent yet',
  };
  return [...confirmations, email];
}

/** Where staff notices go now, in a sentence for the checklist. */
export function noticesLine({ confirmed, staffNoticesTo: to }: SetupStatus): string {
  if (!to)
    return 'No notices of new leads and bookings are sent until the business details are saved.';
  return confirmed.setup_business_confirmed
    ? `Notices of new leads and bookings go to ${to}.`
    : `Until the business details are saved, notices of new leads and bookings go to ${to} (the first admin).`;
}
