import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import {
  defaultBannerText,
  type PromoCodeDto,
} from '../../../../shared/admin/promo-codes.contract';
import { AdminForm } from '../../../components/admin/admin-form';
import { CheckboxField } from '../../../components/admin/checkbox-field';
import { useAdminForm } from '../../../components/admin/use-admin-form';
import { BannerColourField } from './banner-colour-field';
import { savePromoCode } from './promo-codes-api';
import { PromoField } from './promo-field';
import { blankPromo, promoFormSchema, toFormValues } from './promo-form-values';
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
  const { form, onSubmit, summary, focusKey, status, inputId, errorOf } = useAdminForm({
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
  const amount =
    typeof discountValue === 'number' && Number.isFinite(discountValue) ? discountValue : null;
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
        onSubmit={onSubmit}
        summary={summary}
        focusKey={focusKey}
        status={status}
        submitting={form.formState.isSubmitting}
        submitLabel={stored ? 'Save changes' : 'Create promo code'}
        actions={
          <button type="button" className="btn-quiet" onClick={onCancel}>
            Cancel
          </button>
        }
      >
        <PromoField
          id={inputId('code')}
          label="Code"
          hint="2 to 30 letters, digits, - or _. Customers may type it in any case."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errorOf('code')}
          {...register('code')}
        />
        <PromoField
          id={inputId('description')}
          label="Description"
          optional
          hint="For staff only."
          error={errorOf('description')}
          {...register('description')}
        />
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
        <PromoField
          id={inputId('discountValue')}
          label={discountType === 'percentage' ? 'Discount in percent' : 'Discount in cents'}
          hint={discountHint(discountType, amount)}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errorOf('discountValue')}
          {...register('discountValue', { valueAsNumber: true })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PromoField
            id={inputId('validFrom')}
            label="Valid from"
            optional
            hint="From the start of this day, Melbourne time."
            type="date"
            error={errorOf('validFrom')}
            {...register('validFrom')}
          />
          <PromoField
            id={inputId('validTo')}
            label="Valid to"
            optional
            hint="To the end of this day, Melbourne time."
            type="date"
            error={errorOf('validTo')}
            {...register('validTo')}
          />
        </div>
        <PromoField
          id={inputId('usageLimit')}
          label="Usage limit"
          optional
          hint="How many bookings may use it. Empty for no limit."
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errorOf('usageLimit')}
          {...register('usageLimit', { valueAsNumber: true })}
        />
        <PromoField
          id={inputId('utmTrigger')}
          label="UTM trigger"
          optional
          hint="Links with utm_campaign set to this show the banner and apply the code."
          autoComplete="off"
          spellCheck={false}
          error={errorOf('utmTrigger')}
          {...register('utmTrigger')}
        />
        <CheckboxField
          id={inputId('isSeasonal')}
          label="Seasonal promotion"
          description="Offered only while seasonal promotions are switched on."
          error={errorOf('isSeasonal')}
          {...register('isSeasonal')}
        />
        <PromoField
          id={inputId('seasonName')}
          label="Season name"
          optional
          error={errorOf('seasonName')}
          {...register('seasonName')}
        />
        <PromoField
          id={inputId('bannerText')}
          label="Banner text"
          optional
          hint={`Empty for: ${defaultText}`}
          error={errorOf('bannerText')}
          {...register('bannerText')}
        />
        <BannerColourField
          form={form}
          id={inputId('bannerColor')}
          error={errorOf('bannerColor')}
          previewText={bannerText.trim() || defaultText}
        />
        <CheckboxField
          id={inputId('isActive')}
          label="Active"
          description="Inactive codes are kept but customers cannot use them."
          error={errorOf('isActive')}
          {...register('isActive')}
        />
      </AdminForm>
    </div>
  );
}
