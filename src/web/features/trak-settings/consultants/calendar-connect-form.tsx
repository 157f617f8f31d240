import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  calendarFormSchema,
  type CalendarForm,
  type ConnectCalendar,
} from '#shared/admin/consultant-calendar.contract.ts';
import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { connectCalendar } from './consultant-calendar-api';

// Connecting a consultant's calendar (issue 29): CalDAV, which also receives their bookings, or a
// private ICS address. The server checks it with one request before saving, and its refusal
// (a wrong password, not a calendar, nothing answering) lands on the input it is about.

export function CalendarConnectForm({
  consultant: c,
  onConnected,
  onCancel,
}: {
  consultant: Consultant;
  onConnected: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const stored = c.calendar;
  const { form, frame, field } = useAdminForm<CalendarForm, ConnectCalendar>({
    idPrefix: `calendar-${c.id}`,
    defaultValues: {
      kind: stored.kind ?? 'caldav',
      // a secret ICS address is never shown again: it is typed anew
      url: stored.kind === 'caldav' ? (stored.url ?? '') : '',
      username: stored.username ?? '',
      password: '',
    },
    schema: calendarFormSchema,
    save: async (body) => {
      await connectCalendar(queryClient, c.id, body);
      onConnected();
    },
    savedMessage: 'Connected.',
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const title = `Connect ${c.name}'s calendar`;
  const radio = (value: CalendarForm['kind'], label: string, hint: string) => (
    <label className="flex items-start gap-2">
      <input
        type="radio"
        className="mt-1 size-5 shrink-0 accent-brand"
        value={value}
        {...form.register('kind')}
      />
      <span>
        <span className="font-semibold">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );

  return (
    <section aria-label={title} className="space-y-3 rounded-lg border border-line p-3">
      <h5 className="font-semibold">{title}</h5>
      <AdminForm
        label={title}
        {...frame}
        submitLabel="Check and connect"
        actions={
          <button type="button" className="btn-quiet" onClick={onCancel}>
            Cancel
          </button>
        }
      >
        <fieldset className="space-y-2">
          <legend className="field-label">Kind of calendar</legend>
          {radio(
            'caldav',
            'CalDAV (iCloud, Fastmail, Nextcloud, Radicale)',
            'Their bookings are written into it, and its busy times block their times.',
          )}
          {radio(
            'ics',
            'A private ICS address (Google Calendar, Outlook)',
            'Its busy times block their times; bookings reach them through the feed above.',
          )}
        </fieldset>
        {kind === 'caldav' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <TextField
                label="Calendar address (CalDAV URL)"
                hint="The calendar's own address from the provider's CalDAV settings, starting with https://"
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                {...field('url')}
              />
            </div>
            <TextField
              label="User name"
              autoComplete="off"
              spellCheck={false}
              {...field('username')}
            />
            <TextField
              label="App password"
              hint="An app password made for TintBook in the account's security settings, not the account's own password."
              type="password"
              autoComplete="new-password"
              {...field('password')}
            />
          </div>
        ) : (
          <TextField
            label="Private address in iCal format"
            hint="Google Calendar: Settings, the calendar, Secret address in iCal format. Outlook: Settings, Shared calendars, Publish a calendar, the ICS link."
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            {...field('url')}
          />
        )}
      </AdminForm>
    </section>
  );
}
