import { useWatch } from 'react-hook-form';
import { TextField } from '#web/components/ui/text-field.tsx';
import {
  calculatedSqm,
  emptyRow,
  formatSqm,
  parseNumber,
  rowSqm,
  type MeasurementRow,
} from './details-values';
import { addPaneId, rowInputId } from './use-details-submit';
import type { DetailsForm, DetailsRows } from './use-details-form';

interface Props {
  form: DetailsForm;
  rows: DetailsRows;
  /** A consultation: the consultant measures, so the person may leave every pane blank. */
  optional?: boolean;
  listError?: string | undefined;
  /**
   * A consultation whose customer has not chosen to enter measurements (issue 26 item 19): no
   * rows, only the way to add them. Called when they choose to.
   */
  onEnter?: (() => void) | undefined;
}

export const isBlank = (row: { length: string; width: string; sqm: string }) =>
  [row.length, row.width, row.sqm].every((text) => text.trim() === '');

/**
 * Issue 15 item 9: a pane count typed offers that many rows (blank ones are panes not measured,
 * and are not sent); a lower count takes away blank rows from the end, never measured ones.
 */
export function offerRowsForCount(form: DetailsForm, rows: DetailsRows): void {
  const count = parseNumber(form.getValues('glassCount'));
  if (!Number.isInteger(count) || count < 1 || count > 50) return;
  const current = form.getValues('measurements');
  if (current.length < count) {
    rows.append(Array.from({ length: count - current.length }, emptyRow), { shouldFocus: false });
    return;
  }
  const extra: number[] = [];
  for (let index = current.length - 1; index >= count; index--) {
    if (!isBlank(current[index] as MeasurementRow)) break;
    extra.push(index);
  }
  if (extra.length > 0) rows.remove(extra);
}

/** Length and width of each pane in millimetres, with its area in m² worked out as they type. */
export function MeasurementRows({ form, rows, optional = false, listError, onEnter }: Props) {
  const values = useWatch({ control: form.control, name: 'measurements' }) ?? [];
  const glassCount = Number(useWatch({ control: form.control, name: 'glassCount' }));
  const { errors, touchedFields, isSubmitted } = form.formState;
  // useFieldArray checks the whole list on every add and remove: a pane just added would show
  // its messages before anyone typed in it. They wait until the field was left or the form sent.
  const messageOf = (index: number, part: 'length' | 'width' | 'sqm') =>
    isSubmitted || touchedFields.measurements?.[index]?.[part]
      ? errors.measurements?.[index]?.[part]?.message
      : undefined;
  const measured = values.filter((row) => row && !isBlank(row)).length;
  const totalSqm = values.reduce((sum, row) => sum + (row ? rowSqm(row) || 0 : 0), 0);

  /** The area follows length × width until the person types their own figure. */
  const updateArea = (index: number) => {
    const row = form.getValues(`measurements.${index}`);
    if (row.sqmEdited) return;
    const sqm = calculatedSqm(row);
    form.setValue(`measurements.${index}.sqm`, sqm === null ? '' : String(sqm));
  };

  const remove = (index: number) => {
    rows.remove(index);
    // focus stays in the list: on the pane that took this one's place, else on "Add"
    requestAnimationFrame(() => {
      const next =
        document.getElementById(rowInputId(index, 'length')) ??
        document.getElementById(rowInputId(index - 1, 'length')) ??
        document.getElementById(addPaneId);
      next?.focus();
    });
  };

  return (
    <fieldset aria-describedby={`measurements-help${listError ? ' measurements-error' : ''}`}>
      <legend className="field-label">
        Measurements{optional && <span className="font-normal text-muted"> (optional)</span>}
      </legend>
      <p id="measurements-help" className="text-sm text-muted">
        {optional
          ? 'Measurements are optional for a consultation: your consultant measures every pane. If you have them, enter each glass panel in millimetres.'
          : 'Measure each glass panel in millimetres. It does not need to be exact: your consultant measures everything precisely.'}
      </p>
      {onEnter ? (
        <button type="button" className="btn-quiet mt-3" onClick={onEnter}>
          Enter measurements
        </button>
      ) : (
        paneList()
      )}
    </fieldset>
  );

  function paneList() {
    return (
      <>
        <ol className="mt-3 space-y-3">
          {rows.fields.map((field, index) => {
            const row = values[index];
            const calculated = row ? calculatedSqm(row) : null;
            const length = form.register(`measurements.${index}.length`, {
              onChange: () => updateArea(index),
            });
            const width = form.register(`measurements.${index}.width`, {
              onChange: () => updateArea(index),
            });
            const sqm = form.register(`measurements.${index}.sqm`, {
              onChange: (event: { target: { value: string } }) =>
                form.setValue(`measurements.${index}.sqmEdited`, event.target.value.trim() !== ''),
              onBlur: () => updateArea(index),
            });
            const titleId = `pane-${field.id}-title`;
            return (
              <li key={field.id}>
                <div
                  role="group"
                  aria-labelledby={titleId}
                  className="rounded-xl border border-line p-3"
                >
                  <div className="flex items-center justify-between gap-3">
                    <h3 id={titleId} className="font-semibold">
                      Pane {index + 1}
                    </h3>
                    <button
                      type="button"
                      className="link min-h-11 px-1"
                      aria-label={`Remove pane ${index + 1}`}
                      onClick={() => remove(index)}
                    >
                      Remove
                    </button>
                  </div>
                  <div className="grid grid-cols-3 gap-2 sm:gap-3 [&_label]:text-sm">
                    <TextField
                      id={rowInputId(index, 'length')}
                      label="Length (mm)"
                      inputMode="numeric"
                      autoComplete="off"
                      error={messageOf(index, 'length')}
                      {...length}
                    />
                    <TextField
                      id={rowInputId(index, 'width')}
                      label="Width (mm)"
                      inputMode="numeric"
                      autoComplete="off"
                      error={messageOf(index, 'width')}
                      {...width}
                    />
                    <TextField
                      id={rowInputId(index, 'sqm')}
                      label="Area (m²)"
                      inputMode="decimal"
                      autoComplete="off"
                      error={messageOf(index, 'sqm')}
                      {...sqm}
                    />
                  </div>
                  {row?.sqmEdited && calculated !== null && (
                    <p className="mt-1 text-sm text-muted">
                      Your own area; length × width gives {formatSqm(calculated)} m².
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        {listError && (
          <p id="measurements-error" className="field-error">
            {listError}
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <button
            id={addPaneId}
            type="button"
            className="btn-quiet"
            onClick={() => {
              rows.append(emptyRow());
              // measuring more panes than the count raises the count (issue 15 item 9)
              const count = parseNumber(form.getValues('glassCount'));
              if (!(count >= values.length + 1)) {
                form.setValue('glassCount', String(values.length + 1), { shouldValidate: true });
              }
            }}
          >
            {values.length === 0 ? 'Add a pane' : 'Add another pane'}
          </button>
          <p className="text-sm">
            Total area: <strong>{formatSqm(totalSqm)} m²</strong>
          </p>
        </div>
        {!optional && glassCount > measured && measured > 0 && (
          <p className="mt-2 text-sm text-muted">
            You have measured {measured} of {glassCount} panes. Panes you have not measured are
            estimated from the average of the others.
          </p>
        )}
      </>
    );
  }
}
