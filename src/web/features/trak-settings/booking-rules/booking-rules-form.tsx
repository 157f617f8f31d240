import { useQueryClient } from '@tanstack/react-query';
import { bookingRulesFormSchema } from '../../../../shared/admin/booking-rules.contract';
import { AdminForm } from '../../../components/admin/admin-form';
import { CheckboxField } from '../../../components/admin/checkbox-field';
import { useAdminForm } from '../../../components/admin/use-admin-form';
import { TextField } from '../../../components/ui/text-field';
import { BlackoutDatesField } from './blackout-dates-field';
import {
  bookingRulesQuery,
  saveBookingRules,
  type AdminBookingRules,
  type BookingRulesForm as RulesValues,
} from './booking-rules-api';
import { RulesPreview } from './rules-preview';
import { StaffListField } from './staff-list-field';

const number = { valueAsNumber: true } as const;

/** The booking rules, checked by the shared contract, with the preview of what they offer. */
export function BookingRulesForm({ rules }: { rules: AdminBookingRules }) {
  const queryClient = useQueryClient();
  const admin = useAdminForm<RulesValues, RulesValues>({
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
  const { form, inputId, errorOf } = admin;
  const { register } = form;

  return (
    <AdminForm
      label="Booking rules"
      onSubmit={admin.onSubmit}
      summary={admin.summary}
      focusKey={admin.focusKey}
      status={admin.status}
      submitting={form.formState.isSubmitting}
      submitLabel="Save booking rules"
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="field-label sm:col-span-2">When customers can book</legend>
        <TextField
          id={inputId('cutoffHour')}
          label="Same-day cutoff hour (0–24)"
          type="number"
          inputMode="numeric"
          error={errorOf('cutoffHour')}
          {...register('cutoffHour', number)}
        />
        <TextField
          id={inputId('timezone')}
          label="Time zone"
          autoComplete="off"
          spellCheck={false}
          error={errorOf('timezone')}
          {...register('timezone')}
        />
        <TextField
          id={inputId('sameDayLeadTime')}
          label="Same-day lead time (hours)"
          type="number"
          inputMode="decimal"
          step="0.5"
          error={errorOf('sameDayLeadTime')}
          {...register('sameDayLeadTime', number)}
        />
        <TextField
          id={inputId('nextDayLeadTime')}
          label="Next-day lead time after the cutoff (hours)"
          type="number"
          inputMode="decimal"
          step="0.5"
          error={errorOf('nextDayLeadTime')}
          {...register('nextDayLeadTime', number)}
        />
        <div className="sm:col-span-2">
          <CheckboxField
            id={inputId('allowWeekends')}
            label="Take bookings on weekends"
            error={errorOf('allowWeekends')}
            {...register('allowWeekends')}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="field-label sm:col-span-3">Slots of a day</legend>
        <TextField
          id={inputId('firstSlot')}
          label="First slot"
          type="time"
          error={errorOf('firstSlot')}
          {...register('firstSlot')}
        />
        <TextField
          id={inputId('slotsPerDay')}
          label="Slots per day"
          type="number"
          inputMode="numeric"
          error={errorOf('slotsPerDay')}
          {...register('slotsPerDay', number)}
        />
        <TextField
          id={inputId('slotMinutes')}
          label="Slot length (minutes)"
          type="number"
          inputMode="numeric"
          error={errorOf('slotMinutes')}
          {...register('slotMinutes', number)}
        />
      </fieldset>

      <BlackoutDatesField form={form} inputId={inputId} errorOf={errorOf} />
      <StaffListField form={form} inputId={inputId} errorOf={errorOf} />
      <RulesPreview control={form.control} dirty={form.formState.isDirty} />
    </AdminForm>
  );
}
