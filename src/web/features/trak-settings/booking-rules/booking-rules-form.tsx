import { useQueryClient } from '@tanstack/react-query';
import { bookingRulesFormSchema } from '#shared/admin/booking-rules.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { BlackoutDatesField } from './blackout-dates-field';
import {
  bookingRulesQuery,
  saveBookingRules,
  type AdminBookingRules,
  type BookingRulesForm as RulesValues,
} from './booking-rules-api';
import { RulesPreview } from './rules-preview';

const number = { valueAsNumber: true } as const;

/** The booking rules, checked by the shared contract, with the preview of what they offer. */
export function BookingRulesForm({ rules }: { rules: AdminBookingRules }) {
  const queryClient = useQueryClient();
  const { form, frame, field, inputId, errorOf } = useAdminForm<RulesValues, RulesValues>({
    idPrefix: 'rules',
    defaultValues: rules,
    schema: bookingRulesFormSchema,
    save: async (values) => {
      const saved = await saveBookingRules(values);
      queryClient.setQueryData(bookingRulesQuery.queryKey, { rules: saved.rules });
      return saved;
    },
    savedMessage: 'Booking rules saved.',
    // the server's answer: blackout dates sorted and without repeats, names trimmed
    afterSave: (result) => (result as { rules: AdminBookingRules }).rules,
  });

  return (
    <AdminForm label="Booking rules" {...frame} submitLabel="Save booking rules">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="field-label sm:col-span-2">When customers can book</legend>
        <TextField
          label="Same-day cutoff hour (0–24)"
          type="number"
          inputMode="numeric"
          {...field('cutoffHour', number)}
        />
        <TextField label="Time zone" autoComplete="off" spellCheck={false} {...field('timezone')} />
        <TextField
          label="Same-day lead time (hours)"
          type="number"
          inputMode="decimal"
          step="0.5"
          {...field('sameDayLeadTime', number)}
        />
        <TextField
          label="Next-day lead time after the cutoff (hours)"
          type="number"
          inputMode="decimal"
          step="0.5"
          {...field('nextDayLeadTime', number)}
        />
        <div className="sm:col-span-2">
          <CheckboxField label="Take bookings on weekends" {...field('allowWeekends')} />
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="field-label sm:col-span-3">Slots of a day</legend>
        <TextField label="First slot" type="time" {...field('firstSlot')} />
        <TextField
          label="Slots per day"
          type="number"
          inputMode="numeric"
          {...field('slotsPerDay', number)}
        />
        <TextField
          label="Slot length (minutes)"
          type="number"
          inputMode="numeric"
          {...field('slotMinutes', number)}
        />
      </fieldset>

      <BlackoutDatesField form={form} inputId={inputId} errorOf={errorOf} />
      <TextField
        label="Travel buffer for onsite visits (minutes)"
        hint="Added to each drive to and from an onsite visit, on top of the estimated drive time."
        type="number"
        inputMode="numeric"
        {...field('onsiteTravelBufferMinutes', number)}
      />
      <p className="text-sm">
        Who takes consultations, on which days and hours, is set for each consultant under{' '}
        <a href="#consultants">Consultants</a>: a slot is offered when one of them works then.
      </p>
      <RulesPreview control={form.control} dirty={form.formState.isDirty} />
    </AdminForm>
  );
}
