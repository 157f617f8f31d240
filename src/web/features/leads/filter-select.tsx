import type { LeadView } from './lead-view';

interface Props {
  id: string;
  label: string;
  /** The view's key this select sets. */
  name: keyof LeadView;
  value: string | undefined;
  /** The blank choice ("Any status"); omit when the select always has a value. */
  anyLabel?: string;
  options: readonly { value: string; label: string }[];
  onChange: (name: keyof LeadView, value: string) => void;
}

/** One labelled select of the filters; a choice applies at once. */
export function FilterSelect({ id, label, name, value, anyLabel, options, onChange }: Props) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        value={value ?? ''}
        onChange={(event) => onChange(name, event.target.value)}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The options of a select from a contract's labels ({ new: 'New', … }). */
export const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
