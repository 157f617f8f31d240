import { useQuery, useQueryClient } from '@tanstack/react-query';
import { trakIntegrationBodySchema } from '#shared/admin/integrations.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';
import { SecretField } from '#web/components/admin/secret-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import {
  saveTrakIntegration,
  trakIntegrationQuery,
  type TrakIntegration,
  type TrakIntegrationBody,
  type TrakIntegrationValues,
} from './job-tracking-api';

/** /trak-settings: where new bookings are sent in the job-tracking system. */
export function JobTrackingSection() {
  const config = useQuery(trakIntegrationQuery);
  return (
    <AdminSection
      id="job-tracking"
      title="Job tracking"
      description="New bookings are sent to your job-tracking system while this is on."
    >
      <QueryContent query={config}>
        {(data) => <JobTrackingForm config={data.config} />}
      </QueryContent>
    </AdminSection>
  );
}

function JobTrackingForm({ config }: { config: TrakIntegration['config'] }) {
  const queryClient = useQueryClient();
  // the key is write-only: the input starts empty, and left empty it keeps the saved one
  const { frame, field } = useAdminForm<TrakIntegrationValues, TrakIntegrationBody>({
    idPrefix: 'trak',
    defaultValues: { baseUrl: config.baseUrl, apiKey: '', enabled: config.enabled },
    schema: trakIntegrationBodySchema,
    save: async (body) => {
      const saved = await saveTrakIntegration(body);
      queryClient.setQueryData(trakIntegrationQuery.queryKey, saved);
      return saved;
    },
    savedMessage: 'Job tracking saved.',
    afterSave: (result) => {
      const saved = (result as TrakIntegration).config;
      return { baseUrl: saved.baseUrl, apiKey: '', enabled: saved.enabled };
    },
  });
  // the mask of the key as saved now (the query's data follows each save)
  const mask = useQuery(trakIntegrationQuery).data?.config.apiKey ?? config.apiKey;

  return (
    <AdminForm label="Job tracking" {...frame} submitLabel="Save job tracking">
      <TextField
        label="Base URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        {...field('baseUrl')}
      />
      <SecretField label="API key" mask={mask} {...field('apiKey')} />
      <CheckboxField label="Send new bookings to the job-tracking system" {...field('enabled')} />
    </AdminForm>
  );
}
