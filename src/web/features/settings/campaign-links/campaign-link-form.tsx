import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  createCampaignLinkSchema,
  type CampaignLink,
  type CreateCampaignLink,
} from '#shared/admin/campaign-links.contract.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { promoCodesQuery } from '#web/features/settings/promo-codes/promo-codes-api.ts';
import { statusLabel } from '#web/features/settings/promo-codes/promo-labels.ts';
import { saveCampaignLink } from './campaign-links-api';

interface LinkFormValues {
  name: string;
  source: string;
  medium: string;
  campaign: string;
  /** '' for none. */
  promoCode: string;
}

const blank: LinkFormValues = { name: '', source: '', medium: '', campaign: '', promoCode: '' };
// the form's values are all strings; the contract trims them and turns '' into no promo code
const schema = createCampaignLinkSchema as unknown as z.ZodType<CreateCampaignLink, LinkFormValues>;

/** Suggestions only: any tag of lowercase letters, digits, -, _ or . is taken. */
const suggestedSources = ['van', 'flyer', 'yard-sign', 'letterbox', 'shopfront'];
const suggestedMediums = ['offline', 'print', 'qr'];

/** The promo codes a link may carry: the active ones (the server refuses any other). */
function PromoCodeSelect({
  id,
  error,
  registered,
}: {
  id: string;
  error: string | undefined;
  registered: UseFormRegisterReturn<'promoCode'>;
}) {
  const promos = useQuery(promoCodesQuery);
  const now = new Date();
  const active = (promos.data ?? []).filter((p) => p.isActive);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Promo code <span className="font-normal text-muted">(optional)</span>
      </label>
      <p id={hintId} className="mb-1 text-sm text-muted">
        {promos.isError
          ? 'The promo codes could not be loaded: the link can be saved without one.'
          : 'Customers who open the link see its banner and get the discount on their estimate.'}
      </p>
      <select
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && errorId, hintId].filter(Boolean).join(' ')}
        {...registered}
      >
        <option value="">{promos.isPending ? 'Loading promo codes...' : 'No promo code'}</option>
        {active.map((promo) => {
          const status = statusLabel(promo, now);
          return (
            <option key={promo.id} value={promo.code}>
              {promo.code}
              {status === 'Active' ? '' : ` (${status.toLowerCase()})`}
            </option>
          );
        })}
      </select>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A new booking link: its name, utm tags and optionally a promo code. */
export function CampaignLinkForm({
  onSaved,
  onCancel,
}: {
  onSaved: (saved: CampaignLink) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const title = 'New booking link';
  const { form, frame, field, inputId, errorOf } = useAdminForm({
    idPrefix: 'campaign-link',
    defaultValues: blank,
    schema,
    save: async (payload) => onSaved(await saveCampaignLink(queryClient, payload)),
  });

  // the form opens above the list: its heading takes focus, so it is heard and seen
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const tagHint = 'Lowercase letters, digits, -, _ or . (no spaces).';

  return (
    <div className="rounded-xl border-2 border-brand p-4">
      <h3 ref={heading} tabIndex={-1} className="mb-4 text-lg font-bold">
        {title}
      </h3>
      <AdminForm
        label={title}
        {...frame}
        submitLabel="Save link"
        actions={
          <button type="button" className="btn-quiet" onClick={onCancel}>
            Cancel
          </button>
        }
      >
        <TextField
          label="Name"
          hint="For you: where the link or code is used, e.g. Van – rear door."
          autoComplete="off"
          {...field('name')}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Source"
            hint={`Where it is seen, e.g. van, flyer, yard-sign. ${tagHint}`}
            list="campaign-link-sources"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...field('source')}
          />
          <TextField
            label="Medium"
            hint={`The kind of advertising, e.g. offline. ${tagHint}`}
            list="campaign-link-mediums"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...field('medium')}
          />
          <TextField
            label="Campaign"
            hint={`e.g. spring-2026. ${tagHint}`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...field('campaign')}
          />
        </div>
        <datalist id="campaign-link-sources">
          {suggestedSources.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <datalist id="campaign-link-mediums">
          {suggestedMediums.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <PromoCodeSelect
          id={inputId('promoCode')}
          error={errorOf('promoCode')}
          registered={form.register('promoCode')}
        />
      </AdminForm>
    </div>
  );
}
