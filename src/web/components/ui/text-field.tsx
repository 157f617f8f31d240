import type { InputHTMLAttributes, Ref } from 'react';

export type InputBinding = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement> | undefined;
};

export interface TextFieldProps extends InputBinding {
  id: string;
  label: string;
  error?: string | undefined;
  /** Read with the label: what the value does or looks like. */
  hint?: string | undefined;
  /** Not required: "(optional)" after the label, and no aria-required. */
  optional?: boolean;
  /** Shown before a short input, like "$" (the label already names the unit). */
  prefix?: string;
}

/** A labelled input whose hint and message are tied to it (aria-describedby, aria-invalid). */
export function TextField({ id, label, error, hint, optional, prefix, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  const field = (
    <input
      id={id}
      name={id}
      aria-required={optional ? undefined : true}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      className={prefix ? 'field-input max-w-40' : 'field-input'}
      {...input}
    />
  );
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {prefix ? (
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="font-semibold">
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
