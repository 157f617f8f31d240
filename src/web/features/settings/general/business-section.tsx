import { useController } from 'react-hook-form';
import { z } from 'zod';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { BaseAddressField, type BaseAddress } from './base-address-field';
import {
  changedEntries,
  settingCheck,
  useSettingsCategory,
  type SavedSettings,
} from './settings-api';

// Field names are the setting keys, so a refused key's message lands on its own input.
const businessSchema = z.object({
  business_name: settingCheck<string>('business_name'),
  contact_email: settingCheck<string>('contact_email'),
  contact_phone: settingCheck<string>('contact_phone'),
  base_address: settingCheck<BaseAddress>('base_address'),
});
type Business = z.infer<typeof businessSchema>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toBaseAddress(value: unknown): BaseAddress {
  const { address, lat, lng } = (value ?? {}) as Partial<BaseAddress>;
  return { address: text(address), lat: Number(lat ?? NaN), lng: Number(lng ?? NaN) };
}

function BusinessForm({
  saved,
  save,
}: {
  saved: SavedSettings;
  save: ReturnType<typeof useSettingsCategory>['save'];
}) {
  const { form, frame, field, inputId, errorOf } = useAdminForm({
    idPrefix: 'business',
    defaultValues: {
      business_name: text(saved.business_name),
      contact_email: text(saved.contact_email),
      contact_phone: text(saved.contact_phone),
      base_address: toBaseAddress(saved.base_address),
    },
    schema: businessSchema,
    save: (values: Business) => save(changedEntries(values, saved)),
  });
  const baseAddress = useController({ control: form.control, name: 'base_address' });
  // the address is one value: a message about any of its parts belongs to the search box
  const addressError =
    errorOf('base_address') ??
    errorOf('base_address.address') ??
    errorOf('base_address.lat') ??
    errorOf('base_address.lng');

  return (
    <AdminForm label="Business details" {...frame}>
      <TextField label="Business name" autoComplete="organization" {...field('business_name')} />
      <TextField
        label="Contact e-mail"
        type="email"
        autoComplete="email"
        {...field('contact_email')}
      />
      <TextField label="Contact phone" type="tel" autoComplete="tel" {...field('contact_phone')} />
      <BaseAddressField
        id={inputId('base_address')}
        value={baseAddress.field.value}
        onChange={baseAddress.field.onChange}
        error={addressError}
      />
    </AdminForm>
  );
}

/** The business's name and contact details (help dialog) and its base address (travel). */
export function BusinessSection() {
  const { query, save } = useSettingsCategory('business');
  return (
    <AdminSection
      id="business"
      title="Business details"
      description="Customers see the phone and e-mail in the help dialog. Travel is measured from the base address."
    >
      <QueryContent query={query}>
        {(data) => <BusinessForm saved={data} save={save} />}
      </QueryContent>
    </AdminSection>
  );
}
