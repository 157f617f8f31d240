import { z } from 'zod';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { SecretField } from '#web/components/admin/secret-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import {
  blankOr,
  useSettingsCategory,
  type SavedSettings,
  type SettingChange,
} from './settings-api';

const webhookSchema = z.object({
  form_webhook_url: blankOr('form_webhook_url'),
  form_webhook_secret: blankOr('form_webhook_secret'),
});
type Webhook = z.infer<typeof webhookSchema>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function WebhookForm({
  saved,
  save,
}: {
  saved: SavedSettings;
  save: ReturnType<typeof useSettingsCategory>['save'];
}) {
  const savedUrl = text(saved.form_webhook_url);
  const { frame, field } = useAdminForm({
    idPrefix: 'webhook',
    // the secret input always starts empty: the server only ever shows its mask
    defaultValues: { form_webhook_url: savedUrl, form_webhook_secret: '' },
    schema: webhookSchema,
    save: ({ form_webhook_url, form_webhook_secret }: Webhook) => {
      const url = form_webhook_url.trim();
      const changes: SettingChange[] = [];
      // a cleared address is removed: no webhook is sent without one
      if (url !== savedUrl) changes.push(['form_webhook_url', url || null]);
      if (form_webhook_secret) changes.push(['form_webhook_secret', form_webhook_secret]);
      return save(changes);
    },
    afterSave: (_result, values) => ({ ...values, form_webhook_secret: '' }),
  });
  return (
    <AdminForm label="Form webhook" {...frame}>
      <TextField
        label="Webhook address"
        optional
        type="url"
        inputMode="url"
        autoComplete="off"
        {...field('form_webhook_url')}
      />
      <SecretField
        label="Signing secret (16 characters or more)"
        mask={text(saved.form_webhook_secret)}
        {...field('form_webhook_secret')}
      />
    </AdminForm>
  );
}

/** Where the form-completion webhook goes, and the secret it is signed with (HMAC). */
export function WebhookSection() {
  const { query, save } = useSettingsCategory('webhook');
  return (
    <AdminSection
      id="webhook"
      title="Form webhook"
      description="Sent when a customer completes the contact form, while the Form-completion webhook feature is on. Leave the address blank to send none."
    >
      <QueryContent query={query}>
        {(data) => <WebhookForm saved={data} save={save} />}
      </QueryContent>
    </AdminSection>
  );
}
