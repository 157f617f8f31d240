import type { InputBinding } from '#web/components/ui/text-field.tsx';

/**
 * A write-only secret (token, password, signing key). The server answers only a mask, the same
 * "••••••••" for every saved secret (or '' when none is); the input starts empty, and saving it
 * empty keeps the stored secret.
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
        {mask ? (
          <>
            {/* the dots are for the eye; a screen reader hears "hidden" instead of "bullet" × 8 */}
            Saved <span aria-hidden="true">{mask}.</span>
            <span className="sr-only">(hidden).</span> Leave blank to keep it.
          </>
        ) : (
          'None saved yet.'
        )}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
