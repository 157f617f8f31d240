import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  smtpConfigBodySchema,
  type smtpConfigResponseSchema,
} from '#shared/admin/integrations.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';
import { SecretField } from '#web/components/admin/secret-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { api } from '#web/lib/api-client.ts';
import { settingsQuery } from '#web/lib/queries.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

type SmtpAnswer = z.infer<typeof smtpConfigResponseSchema>;
type SmtpConfig = SmtpAnswer['config'];

const path = '/api/admin/smtp-config';
const smtpQuery = queryOptions({
  queryKey: [...adminQueryKey, 'smtp-config'],
  queryFn: ({ signal }) => api.get<SmtpAnswer>(path, signal).then((answer) => answer.config),
});

function SmtpForm({ config }: { config: SmtpConfig }) {
  const queryClient = useQueryClient();
  const { frame, field } = useAdminForm({
    idPrefix: 'smtp',
    defaultValues: {
      host: config.host,
      port: config.port ?? undefined,
      secure: config.secure,
      user: config.user,
      // the password input always starts empty: the server only ever shows its mask
      password: '',
      fromAddress: config.fromAddress,
    },
    // a blank password is left out of the request, so the stored one is kept
    schema: smtpConfigBodySchema,
    save: async (payload) => {
      const answer = await api.post<SmtpAnswer>(path, payload);
      queryClient.setQueryData(smtpQuery.queryKey, answer.config);
      // whether e-mail is sent is in the public settings (the log-only warning, the confirmation)
      void queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
    },
    afterSave: (_result, values) => ({ ...values, password: '' }),
  });
  return (
    <AdminForm label="E-mail (SMTP)" {...frame}>
      <TextField
        label="Mail server (like smtp.example.com)"
        autoComplete="off"
        spellCheck={false}
        {...field('host')}
      />
      <TextField
        label="Port"
        type="number"
        inputMode="numeric"
        min={1}
        max={65535}
        {...field('port', { valueAsNumber: true })}
      />
      <CheckboxField
        label="Connect with TLS"
        description="Usually on for port 465, off for port 587."
        {...field('secure')}
      />
      <TextField label="User" optional autoComplete="off" spellCheck={false} {...field('user')} />
      <SecretField label="Password" mask={config.password} {...field('password')} />
      <TextField label="From address" type="email" autoComplete="off" {...field('fromAddress')} />
    </AdminForm>
  );
}

/** The mail server that sends the booking e-mails. */
export function SmtpSection() {
  const query = useQuery(smtpQuery);
  return (
    <AdminSection
      id="email"
      title="E-mail (SMTP)"
      description="E-mail to customers and to you is sent through this mail server, unless the app was started with SMTP_URL (that server is used instead). Check it with “Send a test e-mail” under Messages."
    >
      <QueryContent query={query}>{(data) => <SmtpForm config={data} />}</QueryContent>
    </AdminSection>
  );
}
