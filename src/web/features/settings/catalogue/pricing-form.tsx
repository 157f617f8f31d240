import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { AdminPainPoint } from '#shared/admin/catalogue.contract.ts';
import type { Pricing } from '#shared/admin/pricing.contract.ts';
import { defaultPricePerSqmCents } from '#shared/catalogue/catalogue-defaults.ts';
import { formatCents } from '#shared/pricing/money.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { api } from '#web/lib/api-client.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { adminPricingQuery } from './catalogue-api';
import { pricingChanges, pricingFormSchema, toPricingValues } from './pricing-values';

const unpricedHint = `No price yet: estimates use ${formatCents(defaultPricePerSqmCents)} per m². Leave it blank to keep that.`;

/** Prices per m² (one per pain point), the travel rate and the pane thresholds, in dollars. */
export function PricingForm({
  pricing,
  painPoints,
}: {
  pricing: Pricing;
  painPoints: AdminPainPoint[];
}) {
  const queryClient = useQueryClient();
  // what the form shows as saved: a save sends only the differences from it
  const saved = useRef(pricing);
  const { form, frame, field } = useAdminForm({
    idPrefix: 'pricing',
    defaultValues: toPricingValues(pricing, painPoints),
    schema: pricingFormSchema,
    save: async (values) => {
      const answer = await api.put<Pricing>(
        '/api/admin/pricing',
        pricingChanges(saved.current, values),
      );
      saved.current = answer;
      queryClient.setQueryData(adminPricingQuery.queryKey, answer);
    },
    afterSave: () => toPricingValues(saved.current, painPoints),
  });
  const number = { valueAsNumber: true } as const;

  return (
    <AdminForm label="Pricing" {...frame}>
      <fieldset className="space-y-4">
        <legend className="mb-2 font-bold">Price per m², by pain point</legend>
        {painPoints.map((painPoint, index) => {
          const row = form.getValues(`rows.${index}`);
          return (
            <TextField
              key={painPoint.id}
              label={`${painPoint.name}${painPoint.active ? '' : ' (inactive)'} ($ per m²)`}
              hint={row?.saved ? undefined : unpricedHint}
              prefix="$"
              inputMode="decimal"
              autoComplete="off"
              aria-required={row?.saved ?? false}
              {...field(`rows.${index}.price`)}
            />
          );
        })}
      </fieldset>
      <TextField
        label="Travel rate ($ per hour)"
        hint="Charged for the round-trip drive from the business, rounded up to 15 minutes."
        prefix="$"
        inputMode="decimal"
        autoComplete="off"
        {...field('travelHourlyRate')}
      />
      <TextField
        label="Small job (fewer panes than)"
        hint="Jobs with fewer panes than this pay at least the minimum job charge below."
        type="number"
        inputMode="numeric"
        className="field-input max-w-40"
        {...field('glassMinimumThreshold', number)}
      />
      <TextField
        label="Minimum job charge ($)"
        hint="The least a small job pays for its tinting, travel added. The estimate shows it as its own line only when it raises the price; $0 for none."
        prefix="$"
        inputMode="decimal"
        autoComplete="off"
        {...field('minimumJobCharge')}
      />
      <TextField
        label="Panes needed for an onsite consultation"
        hint="Smaller jobs are offered a phone consultation while the option below is on."
        type="number"
        inputMode="numeric"
        className="field-input max-w-40"
        {...field('onsiteGlassThreshold', number)}
      />
      <CheckboxField
        label="Offer onsite consultations only from that many panes"
        {...field('onsiteRestrictionEnabled')}
      />
    </AdminForm>
  );
}
