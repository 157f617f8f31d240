import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from '#web/lib/router.tsx';
import { ErrorSummary } from '#web/components/ui/error-summary.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { painPointsQuery } from '#web/lib/pain-points.ts';
import { paths } from '#web/paths.ts';
import { emptyRow, jobDescriptionLimit } from './details-values';
import { isBlank, MeasurementRows, offerRowsForCount } from './measurement-rows';
import { rowInputId } from './use-details-submit';
import { PainPointField } from './pain-point-field';
import { useDetailsForm } from './use-details-form';
import { useDetailsSubmit } from './use-details-submit';

const count = new Intl.NumberFormat('en-AU');

/** The Details step (spec §5 Estimate form): concern, panes, measurements, description. */
export function DetailsForm() {
  const painPoints = useQuery(painPointsQuery);
  const list = painPoints.data ?? [];
  const { form, rows, measurementsOptional } = useDetailsForm();
  const { submit, summary, summaryProps, submitting } = useDetailsSubmit(
    form,
    list.map((painPoint) => painPoint.id),
  );
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'jobDescription' }) ?? '';
  // Issue 26 item 19: a consultation shows no measurement rows (8 panes were 24 empty inputs)
  // until the customer chooses to enter them, or comes back to measurements they typed.
  const [measuring, setMeasuring] = useState(() =>
    form.getValues('measurements').some((row) => !isBlank(row)),
  );
  const showRows = !measurementsOptional || measuring;
  const startMeasuring = () => {
    setMeasuring(true);
    offerRowsForCount(form, rows);
    if (form.getValues('measurements').length === 0)
      rows.append(emptyRow(), { shouldFocus: false });
    requestAnimationFrame(() => document.getElementById(rowInputId(0, 'length'))?.focus());
  };

  // a restored concern the business has since retired cannot stay selected
  useEffect(() => {
    const chosen = form.getValues('painPoint');
    if (painPoints.data && chosen && !painPoints.data.some((p) => p.id === chosen)) {
      form.setValue('painPoint', '');
    }
  }, [form, painPoints.data]);

  return (
    <form
      noValidate
      aria-labelledby="details-form-title"
      className="card space-y-6"
      onSubmit={(event) => {
        if (submitting) event.preventDefault();
        else void submit(event);
      }}
    >
      {summaryProps && (
        <ErrorSummary {...summaryProps}>
          {summary?.noLead && (
            <Link to={paths.contact} className="link mt-2 inline-block">
              Go to your contact details
            </Link>
          )}
        </ErrorSummary>
      )}
      <h2 id="details-form-title" className="text-lg font-bold">
        About your windows
      </h2>
      <PainPointField
        painPoints={list}
        status={painPoints.status}
        onRetry={() => void painPoints.refetch()}
        bind={form.register('painPoint')}
        error={errors.painPoint?.message}
      />
      <div className="max-w-48">
        <TextField
          id="glassCount"
          label="Number of glass panes"
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={errors.glassCount ? 'glassCount-error' : 'glassCount-help'}
          error={errors.glassCount?.message}
          {...form.register('glassCount', {
            onChange: () => {
              if (showRows) offerRowsForCount(form, rows);
            },
          })}
        />
        {!errors.glassCount && (
          <p id="glassCount-help" className="mt-1 text-sm text-muted">
            From 1 to 50
          </p>
        )}
      </div>
      <MeasurementRows
        form={form}
        rows={rows}
        optional={measurementsOptional}
        listError={errors.measurements?.message ?? errors.measurements?.root?.message}
        onEnter={showRows ? undefined : startMeasuring}
      />
      <div>
        <label htmlFor="jobDescription" className="field-label">
          Job description <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id="jobDescription"
          rows={4}
          aria-invalid={errors.jobDescription ? true : undefined}
          aria-describedby={`jobDescription-count${errors.jobDescription ? ' jobDescription-error' : ''}`}
          className="field-input"
          {...form.register('jobDescription')}
        />
        <p
          id="jobDescription-count"
          className={`mt-1 text-sm ${description.length > jobDescriptionLimit ? 'font-semibold text-danger' : 'text-muted'}`}
        >
          {count.format(description.length)} of {count.format(jobDescriptionLimit)} characters
        </p>
        {errors.jobDescription && (
          <p id="jobDescription-error" className="field-error">
            {errors.jobDescription.message}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={paths.contact} className="btn-quiet">
          Back
        </Link>
        <button type="submit" className="btn-primary" aria-disabled={submitting || undefined}>
          Continue to Files
          {submitting && <span className="sr-only"> (saving your details)</span>}
        </button>
      </div>
    </form>
  );
}
