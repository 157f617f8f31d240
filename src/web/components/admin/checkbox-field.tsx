import type { InputBinding } from '#web/components/ui/text-field.tsx';

/** A labelled checkbox (on/off setting) with an optional explanation and message. */
export function CheckboxField({
  id,
  label,
  description,
  error,
  ...input
}: InputBinding & { id: string; label: string; description?: string; error?: string }) {
  const describedBy = [description && `${id}-help`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-brand"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        {description && (
          <p id={`${id}-help`} className="text-sm text-muted">
            {description}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
