import type { InputBinding } from '../../../components/ui/text-field';

interface Props extends InputBinding {
  id: string;
  label: string;
  /** Read with the label: what the value does. */
  hint?: string | undefined;
  /** Shown before the input, like "$"; the label already says the unit. */
  prefix?: string;
  error?: string | undefined;
}

/** A short labelled input with an explanation, for numbers and amounts of money. */
export function HintedField({ id, label, hint, prefix, error, ...input }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="flex items-center gap-2">
        {prefix && (
          <span aria-hidden="true" className="font-semibold">
            {prefix}
          </span>
        )}
        <input
          id={id}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="field-input max-w-40"
          {...input}
        />
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
