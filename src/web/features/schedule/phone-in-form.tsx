import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import {
  phoneInBookingSchema,
  phoneInMessages,
  type PhoneInResult,
} from '#shared/staff/phone-in.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { BaseAddressField } from '#web/components/admin/address-search-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { formatSlotRange } from '#web/lib/melbourne-time.ts';
import { Link } from '#web/lib/router.tsx';
import { paths } from '#web/paths.ts';
import { bookPhoneIn, staffAvailabilityKey } from './phone-in-api';
import { PhoneInTimes } from './phone-in-times';
import { scheduleQuery } from './schedule-api';

type Values = z.input<typeof phoneInBookingSchema>;
const idPrefix = 'phone-in';
const blank: Values = {
  customer: { firstName: '', lastName: '', email: '', phone: '', address: '' },
  serviceType: 'phone',
  startTime: '',
  notes: '',
};
const none = (value: unknown) => (value === '' ? undefined : value);
const types = [
  ['phone', 'Phone consultation'],
  ['onsite', 'Onsite consultation'],
] as const;

/**
 * A customer who phoned in: their details and address (from the suggestions, Victoria only), the
 * type, a time the booking page would offer them (optionally with one consultant), and notes.
 */
export function PhoneInForm({ today }: { today: string }) {
  const [booked, setBooked] = useState<PhoneInResult | null>(null);
  const queryClient = useQueryClient();
  const consultants = useQuery(scheduleQuery(today, today, null)).data?.days[0]?.consultants ?? [];
  const { form, frame, field, inputId, errorOf } = useAdminForm<
    Values,
    z.output<typeof phoneInBookingSchema>
  >({
    idPrefix,
    defaultValues: blank,
    schema: phoneInBookingSchema,
    save: (payload) =>
      // a time just taken, or any refusal: the times shown are read again
      bookPhoneIn(payload).finally(
        () => void queryClient.invalidateQueries({ queryKey: staffAvailabilityKey }),
      ),
    savedMessage: phoneInMessages.booked,
    afterSave: (result) => {
      setBooked(result as PhoneInResult);
      return blank;
    },
  });
  const [serviceType, placeId, consultantId, address, startTime] = form.watch([
    'serviceType',
    'customer.placeId',
    'consultantId',
    'customer.address',
    'startTime',
  ]);
  const setStart = useCallback(
    (value: string) => form.setValue('startTime', value, { shouldValidate: false }),
    [form],
  );

  return (
    <AdminForm label="New booking" submitLabel="Book" {...frame}>
      {booked && (
        <p className="rounded-lg bg-brand-soft p-3">
          Booked{' '}
          {formatSlotRange(booked.booking.timeSlot.startTime, booked.booking.timeSlot.endTime)}.{' '}
          <Link className="link" to={`${paths.leads}/${booked.leadId}`}>
            Open the lead
          </Link>
        </p>
      )}
      <fieldset className="space-y-3">
        <legend className="field-label text-lg">Customer</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="First name" autoComplete="off" {...field('customer.firstName')} />
          <TextField label="Last name" autoComplete="off" {...field('customer.lastName')} />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="off"
            {...field('customer.phone')}
          />
          <TextField
            label="E-mail"
            type="email"
            optional
            hint="The confirmation goes here as well as by text."
            autoComplete="off"
            {...field('customer.email')}
          />
        </div>
        <BaseAddressField
          id={inputId('customer.address')}
          label="Find the customer's address"
          chosenLabel="Customer's address"
          chosenStatus="Address chosen."
          value={{ address: address ?? '', lat: Number.NaN, lng: Number.NaN }}
          error={errorOf('customer.address') ?? errorOf('customer.placeId')}
          onChange={(chosen) => {
            form.setValue('customer.address', chosen.address);
            form.setValue('customer.placeId', chosen.placeId);
            form.clearErrors(['customer.address', 'customer.placeId']);
          }}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="field-label text-lg">Consultation</legend>
        <div role="radiogroup" aria-label="Consultation type" className="flex flex-wrap gap-3">
          {types.map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" value={value} {...form.register('serviceType')} />
              {label}
            </label>
          ))}
        </div>
        <div>
          <label htmlFor={inputId('consultantId')} className="field-label">
            Consultant
          </label>
          <select
            id={inputId('consultantId')}
            className="field-input"
            {...form.register('consultantId', { setValueAs: none })}
          >
            <option value="">Whoever is free</option>
            {consultants.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <PhoneInTimes
          idPrefix={idPrefix}
          times={{
            serviceType: serviceType ?? 'phone',
            placeId: placeId || undefined,
            consultantId: consultantId || undefined,
          }}
          value={startTime ?? ''}
          onChange={setStart}
          error={errorOf('startTime')}
        />
        <div>
          <label htmlFor={inputId('notes')} className="field-label">
            Notes <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={inputId('notes')}
            rows={3}
            className="field-input"
            {...form.register('notes')}
          />
        </div>
      </fieldset>
    </AdminForm>
  );
}
