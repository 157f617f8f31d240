import { useQueryClient } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import {
  consultantFormSchema,
  type Consultant,
  type ConsultantForm as Values,
  type CreateConsultant,
} from '#shared/admin/consultants.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { BaseAddressField } from '#web/components/admin/address-search-field.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { saveConsultant } from './consultants-api';
import type { FieldProps } from './consultant-form-types';
import { TimeOffField } from './time-off-field';
import { WeekHoursField } from './week-hours-field';

const weekdays = [{ start: '09:00', end: '17:00' }];
// where the notices of their own bookings go (issue 28, ADR 052): saying so here is how an admin
// learns that a consultant without them hears nothing
const notices = {
  email: 'New, moved and cancelled bookings are e-mailed here with a calendar file.',
  mobile: 'New, moved and cancelled bookings are texted here.',
};
const newConsultant: Values = {
  name: '',
  email: '',
  mobile: '',
  active: true,
  services: ['phone', 'onsite'],
  weeklyHours: {
    mon: weekdays,
    tue: weekdays,
    wed: weekdays,
    thu: weekdays,
    fri: weekdays,
    sat: [],
    sun: [],
  },
  timeOff: [],
  base: null,
  territoryKind: 'anywhere',
  postcodes: '',
  radiusKm: Number.NaN,
};

function valuesOf(c: Consultant): Values {
  const { territory, base } = c;
  return {
    name: c.name,
    email: c.email ?? '',
    mobile: c.mobile ?? '',
    active: c.active,
    services: c.services,
    weeklyHours: c.weeklyHours,
    timeOff: c.timeOff,
    base: base.isBusinessBase || !base.placeId ? null : { ...base, placeId: base.placeId },
    territoryKind: !territory ? 'anywhere' : 'postcodes' in territory ? 'postcodes' : 'radius',
    postcodes: territory && 'postcodes' in territory ? territory.postcodes.join(', ') : '',
    radiusKm: territory && 'radiusKm' in territory ? territory.radiusKm : Number.NaN,
  };
}

/** A new consultant, or one being changed: who, what, when, from where and how far. */
export function ConsultantForm({
  stored,
  onSaved,
  onCancel,
}: {
  stored: Consultant | null;
  onSaved: (saved: Consultant) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const { form, frame, field, inputId, errorOf } = useAdminForm<Values, CreateConsultant>({
    idPrefix: 'consultant',
    defaultValues: stored ? valuesOf(stored) : newConsultant,
    schema: consultantFormSchema,
    save: async (body) => onSaved(await saveConsultant(queryClient, stored?.id ?? null, body)),
  });
  const parts: FieldProps = { form, inputId, errorOf };
  const title = stored ? `Edit ${stored.name}` : 'New consultant';

  return (
    <section aria-label={title} className="space-y-3 rounded-xl border border-line p-3 sm:p-4">
      <h3 className="text-lg font-bold">{title}</h3>
      <AdminForm
        label={title}
        {...frame}
        submitLabel="Save consultant"
        actions={
          <button type="button" className="btn-quiet" onClick={onCancel}>
            Cancel
          </button>
        }
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Name" autoComplete="off" {...field('name')} />
          <TextField
            label="E-mail"
            type="email"
            optional
            autoComplete="off"
            hint={notices.email}
            {...field('email')}
          />
          <TextField
            label="Mobile"
            type="tel"
            optional
            autoComplete="off"
            hint={notices.mobile}
            {...field('mobile')}
          />
        </div>
        <CheckboxField
          label="Takes bookings"
          description="Off: no new bookings for them; their bookings stay."
          {...field('active')}
        />
        <fieldset className="space-y-2">
          <legend className="field-label">Consultations they do</legend>
          <CheckboxField label="Phone" {...field('services')} value="phone" />
          <CheckboxField
            label="Onsite"
            id={`${inputId('services')}-onsite`}
            value="onsite"
            {...form.register('services')}
          />
        </fieldset>
        <WeekHoursField {...parts} />
        <TimeOffField {...parts} />
        <BaseField {...parts} />
        <TerritoryField {...parts} />
      </AdminForm>
    </section>
  );
}

/** Where their day starts: the business base, or an address of their own. */
function BaseField({ form, inputId, errorOf }: FieldProps) {
  const base = useController({ control: form.control, name: 'base' });
  const own = base.field.value !== null;
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">Base</legend>
      <p className="text-sm text-muted">
        Where their day starts and ends: the drive to their first onsite visit is from here.
      </p>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          className="size-5 accent-brand"
          checked={!own}
          onChange={() => base.field.onChange(null)}
        />
        The business base (Settings)
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          className="size-5 accent-brand"
          checked={own}
          onChange={() => base.field.onChange({ placeId: '', address: '', lat: NaN, lng: NaN })}
        />
        An address of their own
      </label>
      {own && (
        <BaseAddressField
          id={inputId('base')}
          label="Find their base address"
          value={base.field.value ?? { address: '', lat: NaN, lng: NaN }}
          onChange={({ placeId = '', address, lat, lng }) =>
            base.field.onChange({ placeId, address, lat, lng })
          }
          error={errorOf('base') ?? errorOf('base.placeId')}
        />
      )}
    </fieldset>
  );
}

/** Where they go onsite: anywhere, some postcodes, or within a distance of their base. */
function TerritoryField({ form, inputId, errorOf }: FieldProps) {
  const kind = useWatch({ control: form.control, name: 'territoryKind' });
  const radio = (value: Values['territoryKind'], label: string) => (
    <label className="flex items-center gap-2">
      <input
        type="radio"
        className="size-5 accent-brand"
        value={value}
        {...form.register('territoryKind')}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">Onsite visits</legend>
      {radio('anywhere', 'Anywhere in Victoria')}
      {radio('postcodes', 'Only these postcodes')}
      {kind === 'postcodes' && (
        <TextField
          label="Postcodes"
          hint="Separated by commas or spaces, e.g. 3199, 3200"
          id={inputId('postcodes')}
          error={errorOf('postcodes')}
          {...form.register('postcodes')}
        />
      )}
      {radio('radius', 'Within a distance of their base')}
      {kind === 'radius' && (
        <TextField
          label="Distance (km)"
          type="number"
          inputMode="numeric"
          id={inputId('radiusKm')}
          error={errorOf('radiusKm')}
          {...form.register('radiusKm', { valueAsNumber: true })}
        />
      )}
    </fieldset>
  );
}
