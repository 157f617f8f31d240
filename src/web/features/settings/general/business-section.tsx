import { useController } from 'react-hook-form';
import { z } from 'zod';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useQuery } from '@tanstack/react-query';
import { setupCategory } from '#shared/settings/setup-checklist.ts';
import { setupStatusQuery } from '#web/components/staff/setup-status.ts';
import { BaseAddressField, type BaseAddress } from '#web/components/admin/address-search-field.tsx';
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

type Save = ReturnType<typeof useSettingsCategory>['save'];

/** What saving this form confirms in the first-run checklist. */
const businessSetupKeys = ['setup_business_confirmed', 'setup_base_address_confirmed'] as const;

function BusinessForm({
  saved,
  save,
  confirmed,
  confirm,
}: {
  saved: SavedSettings;
  save: Save;
  confirmed: boolean;
  confirm: Save;
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
    save: async (values: Business) => {
      await save(changedEntries(values, saved));
      // saving is the admin saying these are right: no separate Confirm step (issue 26 item 10)
      if (!confirmed) await confirm([...businessSetupKeys].map((key) => [key, true]));
    },
    savedMessage: confirmed ? 'Saved.' : 'Saved and confirmed.',
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
        // the setting keeps the address and its coordinates, not the suggestion's id
        onChange={({ address, lat, lng }) => baseAddress.field.onChange({ address, lat, lng })}
        error={addressError}
      />
    </AdminForm>
  );
}

/** The business's name and contact details (help dialog) and its base address (travel). */
export function BusinessSection() {
  const { query, save } = useSettingsCategory('business');
  const setup = useSettingsCategory(setupCategory);
  // what the checklist shows (one answer for both): confirmed when it says so
  const status = useQuery(setupStatusQuery).data;
  const confirmed = businessSetupKeys.every((key) => status?.confirmed[key] === true);
  return (
    <AdminSection
      id="business"
      title="Business details"
      description="Customers see the phone and e-mail in the help dialog once you save them here, and staff notices go to the e-mail. Travel is measured from the base address."
    >
      <QueryContent query={query}>
        {(data) => (
          <BusinessForm saved={data} save={save} confirmed={confirmed} confirm={setup.save} />
        )}
      </QueryContent>
    </AdminSection>
  );
}
