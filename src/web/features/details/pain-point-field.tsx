import type { PainPoint } from '#shared/catalogue/catalogue.contract.ts';
import type { InputBinding } from '#web/components/ui/text-field.tsx';
import { painPointGroupId, painPointInputId } from './use-details-submit';

interface Props {
  painPoints: PainPoint[];
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  bind: InputBinding;
  error?: string | undefined;
}

/** The main concern: one radio card per active pain point. */
export function PainPointField({ painPoints, status, onRetry, bind, error }: Props) {
  return (
    <fieldset
      id={painPointGroupId}
      tabIndex={-1}
      aria-describedby={error ? 'painPoint-error' : undefined}
    >
      <legend className="field-label">What is your main concern?</legend>
      {status === 'pending' && (
        <p role="status" className="text-muted">
          Loading concerns...
        </p>
      )}
      {status === 'error' && (
        <p role="alert" className="flex flex-wrap items-center gap-x-3">
          <span className="font-semibold text-danger">We could not load the list of concerns.</span>
          <button type="button" className="link min-h-11" onClick={onRetry}>
            Retry
          </button>
        </p>
      )}
      <div className="grid gap-3">
        {painPoints.map((painPoint) => {
          const id = painPointInputId(painPoint.id);
          return (
            <label
              key={painPoint.id}
              className="flex cursor-pointer gap-3 rounded-xl border border-field p-3 has-checked:border-2 has-checked:border-brand has-checked:bg-brand-soft"
            >
              <input
                id={id}
                type="radio"
                value={painPoint.id}
                aria-labelledby={`${id}-label`}
                aria-describedby={painPoint.description ? `${id}-description` : undefined}
                aria-invalid={error ? true : undefined}
                className="mt-1 size-5 shrink-0 accent-brand"
                {...bind}
              />
              <span>
                <span id={`${id}-label`} className="block font-semibold">
                  {painPoint.name}
                </span>
                {painPoint.description && (
                  <span id={`${id}-description`} className="block text-sm text-muted">
                    {painPoint.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="painPoint-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
