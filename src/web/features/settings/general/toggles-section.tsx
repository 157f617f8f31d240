import { z } from 'zod';
import { toggleSchema } from '#shared/admin/admin-fields.ts';
import { settingEntry } from '#shared/settings/settings-registry.ts';
import type { ToggleKey } from '#shared/catalogue/catalogue.contract.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { changedEntries, useSettingsCategory, type SavedSettings } from './settings-api';

// What each toggle is when it was never saved: its default of spec §9.
const toggles: { key: ToggleKey; label: string }[] = [
  { key: 'calendar_view_enabled', label: 'Calendar view' },
  { key: 'promo_codes_enabled', label: 'Promo codes' },
  { key: 'seasonal_promotions_enabled', label: 'Seasonal promotions' },
  { key: 'form_webhook_enabled', label: 'Form-completion webhook' },
];

const togglesSchema = z.object({
  calendar_view_enabled: toggleSchema,
  promo_codes_enabled: toggleSchema,
  seasonal_promotions_enabled: toggleSchema,
  form_webhook_enabled: toggleSchema,
});
type Toggles = z.infer<typeof togglesSchema>;

// The static demo (ADR 026) keeps these switches but has no promotions and sends nothing, so
// they change nothing there: the screen says so rather than let them look as if they worked.
const inertInDemo = new Set<ToggleKey>(['seasonal_promotions_enabled', 'form_webhook_enabled']);
const demoNote = (key: ToggleKey) =>
  import.meta.env.MODE === 'demo' && inertInDemo.has(key)
    ? ' Not in the demo: it has no promotions and sends nothing.'
    : '';

function TogglesForm({
  saved,
  save,
}: {
  saved: SavedSettings;
  save: ReturnType<typeof useSettingsCategory>['save'];
}) {
  const isOn = (key: ToggleKey) => {
    const value = saved[key];
    return typeof value === 'boolean' ? value : settingDefaults[key];
  };
  const { frame, field } = useAdminForm({
    idPrefix: 'toggles',
    defaultValues: Object.fromEntries(toggles.map(({ key }) => [key, isOn(key)])) as Toggles,
    schema: togglesSchema,
    save: (values: Toggles) => save(changedEntries(values, saved)),
  });
  return (
    <AdminForm label="Features" {...frame}>
      <fieldset className="space-y-4">
        <legend className="sr-only">Features that are on</legend>
        {toggles.map(({ key, label }) => (
          <CheckboxField
            key={key}
            label={label}
            description={`${settingEntry(key)?.description ?? ''}. Default: ${settingDefaults[key] ? 'on' : 'off'}.${demoNote(key)}`}
            {...field(key)}
          />
        ))}
      </fieldset>
    </AdminForm>
  );
}

/** Features the business can turn on and off (spec §9 toggles). */
export function TogglesSection() {
  const { query, save } = useSettingsCategory('toggles');
  return (
    <AdminSection
      id="toggles"
      title="Features"
      description="Turn parts of the booking pages on or off."
    >
      <QueryContent query={query}>
        {(data) => <TogglesForm saved={data} save={save} />}
      </QueryContent>
    </AdminSection>
  );
}
