import type { InputBinding } from '../ui/text-field';

/**
 * A write-only secret (token, password, signing key). The server answers only a mask such as
 * "••••1234"; the input starts empty, and saving it empty keeps the stored secret.
 */
export function SecretField({
  id,
  label,
  mask,
  error,
  ...input
}: InputBinding & { id: string; label: string; mask: string; error?: string | undefined }) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${helpId}` : helpId}
        className="field-input"
        {...input}
      />
      <p id={helpId} className="mt-1 text-sm text-muted">
        {mask
          ? `Saved (ends ${mask.replaceAll('•', '') || 'hidden'}). Leave blank to keep it.`
          : 'None saved yet.'}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
