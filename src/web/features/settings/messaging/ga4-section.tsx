import { z } from 'zod';
import { toggleSchema } from '#shared/admin/admin-fields.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';
import { SecretField } from '#web/components/admin/secret-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import {
  blankOr,
  useSettingsCategory,
  type SavedSettings,
  type SettingChange,
} from '#web/features/settings/general/settings-api.ts';

const ga4Schema = z.object({
  ga4_measurement_id: blankOr('ga4_measurement_id'),
  ga4_api_secret: blankOr('ga4_api_secret'),
  ad_tracking_enabled: toggleSchema,
});
type Ga4 = z.infer<typeof ga4Schema>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function Ga4Form({
  saved,
  save,
}: {
  saved: SavedSettings;
  save: ReturnType<typeof useSettingsCategory>['save'];
}) {
  const savedId = text(saved.ga4_measurement_id);
  // unset means on: attribution is kept either way, this decides only what leaves for GA4
  const savedTracking = saved.ad_tracking_enabled !== false;
  const { frame, field } = useAdminForm({
    idPrefix: 'ga4',
    // the secret input always starts empty: the server only ever shows its mask
    defaultValues: {
      ga4_measurement_id: savedId,
      ga4_api_secret: '',
      ad_tracking_enabled: savedTracking,
    },
    schema: ga4Schema,
    save: ({ ga4_measurement_id, ga4_api_secret, ad_tracking_enabled }: Ga4) => {
      const id = ga4_measurement_id.trim();
      const changes: SettingChange[] = [];
      // a cleared ID is removed: no event is sent without one
      if (id !== savedId) changes.push(['ga4_measurement_id', id || null]);
      if (ga4_api_secret) changes.push(['ga4_api_secret', ga4_api_secret]);
      if (ad_tracking_enabled !== savedTracking) {
        changes.push(['ad_tracking_enabled', ad_tracking_enabled]);
      }
      return save(changes);
    },
    afterSave: (_result, values) => ({ ...values, ga4_api_secret: '' }),
  });
  return (
    <AdminForm label="Google Analytics" {...frame}>
      <TextField
        label="Measurement ID (like G-ABC123DEF4)"
        optional
        autoComplete="off"
        spellCheck={false}
        {...field('ga4_measurement_id')}
      />
      <SecretField
        label="Measurement Protocol API secret"
        mask={text(saved.ga4_api_secret)}
        {...field('ga4_api_secret')}
      />
      <CheckboxField
        label="Send lead events to Google Analytics and linked ad platforms"
        description="With hashed e-mail and phone only; never for a browser that asks not to be tracked (Global Privacy Control or Do Not Track). Where visitors came from is kept for your own reports either way."
        {...field('ad_tracking_enabled')}
      />
    </AdminForm>
  );
}

/** The GA4 property that hears of each lead and what became of it (Measurement Protocol). */
export function Ga4Section() {
  const { query, save } = useSettingsCategory('analytics');
  return (
    <AdminSection
      id="analytics"
      title="Google Analytics"
      description="New leads and bookings, and whether each lead was won or lost, are sent to this Google Analytics 4 property so linked ad accounts learn which clicks became jobs. Both are in Google Analytics under Admin → Data streams → your stream (API secrets: Measurement Protocol)."
    >
      <QueryContent query={query}>{(data) => <Ga4Form saved={data} save={save} />}</QueryContent>
    </AdminSection>
  );
}
