import type { InputHTMLAttributes, Ref } from 'react';

export type InputBinding = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement> | undefined;
};

export interface TextFieldProps extends InputBinding {
  id: string;
  label: string;
  error?: string | undefined;
}

/** A labelled input whose message is tied to it (aria-describedby, aria-invalid). */
export function TextField({ id, label, error, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="field-input"
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
