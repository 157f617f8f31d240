import type { InputBinding } from '../../../components/ui/text-field';

/** A labelled input with a hint under its label and its message below (both described). */
export function PromoField({
  id,
  label,
  hint,
  error,
  optional = false,
  ...input
}: InputBinding & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  optional?: boolean;
}) {
  const describedBy = [error && `${id}-error`, hint && `${id}-help`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-help`} className="mb-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={id}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="field-input"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
