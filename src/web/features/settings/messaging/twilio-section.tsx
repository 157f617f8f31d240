import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  twilioConfigBodySchema,
  type twilioConfigResponseSchema,
} from '#shared/admin/integrations.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { SecretField } from '#web/components/admin/secret-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

type TwilioAnswer = z.infer<typeof twilioConfigResponseSchema>;
type TwilioConfig = TwilioAnswer['config'];

const path = '/api/settings/twilio-config';
const twilioQuery = queryOptions({
  queryKey: [...adminQueryKey, 'twilio-config'],
  queryFn: ({ signal }) => api.get<TwilioAnswer>(path, signal).then((answer) => answer.config),
});

function TwilioForm({ config }: { config: TwilioConfig }) {
  const queryClient = useQueryClient();
  const { frame, field } = useAdminForm({
    idPrefix: 'twilio',
    // the token input always starts empty: the server only ever shows its mask
    defaultValues: { accountSid: config.accountSid, fromNumber: config.fromNumber, authToken: '' },
    // a blank token is left out of the request, so the stored one is kept
    schema: twilioConfigBodySchema,
    save: async (payload) => {
      const answer = await api.post<TwilioAnswer>(path, payload);
      queryClient.setQueryData(twilioQuery.queryKey, answer.config);
    },
    afterSave: (_result, values) => ({ ...values, authToken: '' }),
  });
  return (
    <AdminForm label="Text messages (Twilio)" {...frame}>
      <TextField
        label="Account SID"
        autoComplete="off"
        spellCheck={false}
        {...field('accountSid')}
      />
      <TextField
        label="From number (like +61412345678)"
        type="tel"
        autoComplete="off"
        {...field('fromNumber')}
      />
      <SecretField label="Auth token" mask={config.authToken} {...field('authToken')} />
    </AdminForm>
  );
}

/** The Twilio account text messages are sent from. */
export function TwilioSection() {
  const query = useQuery(twilioQuery);
  return (
    <AdminSection
      id="sms"
      title="Text messages (Twilio)"
      description="Text messages to customers are sent from this Twilio account."
    >
      <QueryContent query={query}>{(data) => <TwilioForm config={data} />}</QueryContent>
    </AdminSection>
  );
}
