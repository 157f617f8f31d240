import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { PromoCodeFields } from '#shared/admin/promo-codes.contract.ts';
import { bannerBackground, bannerTextColour } from '#web/lib/banner-colour.ts';
import type { PromoFormValues } from './promo-form-values';

/**
 * The banner colour: typed as #rrggbb (so it can be pasted from a brand guide) or picked, with
 * a preview of the banner as customers will see it.
 */
export function BannerColourField({
  form,
  id,
  error,
  previewText,
}: {
  form: UseFormReturn<PromoFormValues, unknown, PromoCodeFields>;
  id: string;
  error: string | undefined;
  previewText: string;
}) {
  const colour = useWatch({ control: form.control, name: 'bannerColor' });
  const background = bannerBackground(colour.trim());
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id} className="field-label">
          Banner colour
        </label>
        <p id={helpId} className="mb-1 text-sm text-muted">
          A colour like #0a7d32 (empty for this green). The text on it is black or white, whichever
          reads better.
        </p>
        <div className="flex gap-3">
          <input
            id={id}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${helpId}` : helpId}
            className="field-input"
            {...form.register('bannerColor')}
          />
          <input
            type="color"
            aria-label="Pick the banner colour"
            value={background}
            onChange={(event) =>
              form.setValue('bannerColor', event.target.value, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-field bg-surface p-1"
          />
        </div>
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
      {/* the text customers will read, in the colours of the public banner (issue 15 item 13) */}
      <figure>
        <figcaption className="field-label">Banner preview, as customers will see it</figcaption>
        <p
          className="rounded-lg px-3 py-3 text-center font-semibold"
          style={{ backgroundColor: background, color: bannerTextColour(background) }}
        >
          {previewText}
        </p>
      </figure>
    </div>
  );
}
