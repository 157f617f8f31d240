import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { defaultBannerText, type PromoCodeDto } from '#shared/admin/promo-codes.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { BannerColourField } from './banner-colour-field';
import { savePromoCode } from './promo-codes-api';
import { blankPromo, discountOf, promoFormSchema, toFormValues } from './promo-form-values';
import { discountHint } from './promo-labels';

/** Create (stored = null) or edit one promo code: every field of spec §3 but usage. */
export function PromoCodeForm({
  stored,
  onSaved,
  onCancel,
}: {
  stored: PromoCodeDto | null;
  onSaved: (saved: PromoCodeDto) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const title = stored ? `Edit promo code ${stored.code}` : 'New promo code';
  const { form, frame, field, inputId, errorOf } = useAdminForm({
    idPrefix: 'promo',
    defaultValues: stored ? toFormValues(stored) : blankPromo,
    schema: promoFormSchema(stored),
    save: async (payload) => onSaved(await savePromoCode(queryClient, stored?.id ?? null, payload)),
  });
  const { register } = form;
  const [code, discountType, discountValue, bannerText] = useWatch({
    control: form.control,
    name: ['code', 'discountType', 'discountValue', 'bannerText'],
  });
  const typed = discountOf(discountType, discountValue);
  const amount = typed !== null && Number.isFinite(typed) ? typed : null;
  const defaultText = defaultBannerText({
    code: code.trim() || 'CODE',
    discountType,
    discountValue: amount ?? 0,
  });

  // the form opens above the list: its heading takes focus, so it is heard and seen
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="rounded-xl border-2 border-brand p-4">
      <h3 ref={heading} tabIndex={-1} className="mb-4 text-lg font-bold">
        {title}
      </h3>
      <AdminForm
        label={title}
        {...frame}
        submitLabel={stored ? 'Save changes' : 'Create promo code'}
        actions={
          <button type="button" className="btn-quiet" onClick={onCancel}>
            Cancel
          </button>
        }
      >
        <TextField
          label="Code"
          hint="2 to 30 letters, digits, - or _. Customers may type it in any case."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...field('code')}
        />
        <TextField label="Description" optional hint="For staff only." {...field('description')} />
        <fieldset>
          <legend className="field-label">Discount type</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['percentage', 'fixed'] as const).map((type) => (
              <label key={type} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  value={type}
                  id={type === 'percentage' ? inputId('discountType') : undefined}
                  className="size-5 accent-brand"
                  {...register('discountType')}
                />
                {type === 'percentage' ? 'Percentage' : 'Fixed amount'}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={discountType === 'percentage' ? 'Discount in percent' : 'Discount in dollars'}
          hint={discountHint(discountType, amount)}
          inputMode={discountType === 'percentage' ? 'numeric' : 'decimal'}
          autoComplete="off"
          {...field('discountValue')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Valid from"
            optional
            hint="From the start of this day, Melbourne time."
            type="date"
            {...field('validFrom')}
          />
          <TextField
            label="Valid to"
            optional
            hint="To the end of this day, Melbourne time."
            type="date"
            {...field('validTo')}
          />
        </div>
        <TextField
          label="Usage limit"
          optional
          hint="How many bookings may use it. Empty for no limit."
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...field('usageLimit', { valueAsNumber: true })}
        />
        <TextField
          label="UTM trigger"
          optional
          hint="Links with utm_campaign set to this show the banner and apply the code."
          autoComplete="off"
          spellCheck={false}
          {...field('utmTrigger')}
        />
        <CheckboxField
          label="Seasonal promotion"
          description="Offered only while seasonal promotions are switched on."
          {...field('isSeasonal')}
        />
        <TextField label="Season name" optional {...field('seasonName')} />
        <TextField
          label="Banner text"
          optional
          hint={`Empty for: ${defaultText}`}
          {...field('bannerText')}
        />
        <BannerColourField
          form={form}
          id={inputId('bannerColor')}
          error={errorOf('bannerColor')}
          previewText={bannerText.trim() || defaultText}
        />
        <CheckboxField
          label="Active"
          description="Inactive codes are kept but customers cannot use them."
          {...field('isActive')}
        />
      </AdminForm>
    </div>
  );
}
