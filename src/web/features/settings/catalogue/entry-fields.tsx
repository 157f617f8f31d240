import { TextField, type InputBinding } from '#web/components/ui/text-field.tsx';
import { CheckboxField } from '#web/components/admin/checkbox-field.tsx';

type FieldProps = InputBinding & { id: string; error?: string | undefined };

/** The id of a new entry: fixed once saved, because leads and prices refer to it. */
export function IdField({ id, error, ...input }: FieldProps) {
  return (
    <TextField
      id={id}
      label="Id (lowercase letters, digits and dashes; cannot change later)"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      error={error}
      {...input}
    />
  );
}

/** The optional description of a pain point or booking option, shown under its name. */
export function DescriptionField({ id, error, ...input }: FieldProps) {
  return <TextField id={id} label="Description" optional error={error} {...input} />;
}

/** Whether customers are offered the entry; an inactive one stays for the records. */
export function ActiveField({ id, error, ...input }: FieldProps) {
  return (
    <CheckboxField
      id={id}
      label="Active (offered to customers)"
      description="Switch it off to stop offering it without deleting it."
      error={error}
      {...input}
    />
  );
}
