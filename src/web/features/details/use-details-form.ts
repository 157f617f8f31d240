import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { consultationOption } from '#shared/estimate/booking-options.ts';
import { detailsSchemaFor } from '#shared/estimate/details.contract.ts';
import { consultationChosen } from '#web/lib/consultation.ts';
import { useFormAutosave } from '#web/lib/use-form-autosave.ts';
import { clearDetailsDraft, loadDetailsDraft, saveDetailsDraft } from './details-storage';
import {
  blankDetails,
  isBlankDetails,
  measuredRowIndexes,
  toPayload,
  type DetailsPayload,
  type DetailsValues,
} from './details-values';

const estimateResolver = zodResolver(detailsSchemaFor('estimate'));
const consultationResolver = zodResolver(detailsSchemaFor(consultationOption));

const noSubscription = () => () => {};

type ResolverErrors = FieldErrors<DetailsValues>;

/** Errors of the rows sent (blank panes are not) put back on the rows of the form. */
function onFormRows(errors: ResolverErrors, sentIndexes: number[]): ResolverErrors {
  const rows = errors.measurements;
  if (!rows) return errors;
  const mapped: Record<number, unknown> = {};
  sentIndexes.forEach((formIndex, sentIndex) => {
    const rowErrors = (rows as Record<number, unknown>)[sentIndex];
    if (rowErrors) mapped[formIndex] = rowErrors;
  });
  const list = rows as { message?: string; root?: unknown; type?: string; ref?: unknown };
  const keep = Object.fromEntries(
    (['message', 'root', 'type', 'ref'] as const).flatMap((key) =>
      list[key] === undefined ? [] : [[key, list[key]]],
    ),
  );
  return { ...errors, measurements: { ...keep, ...mapped } as ResolverErrors['measurements'] };
}

/**
 * The shared contract checks the numbers made from what was typed; its paths are the form's.
 * The rules are those of the booking option chosen on Contact, read at each check: a
 * consultation's measurements are optional (issue 15 item 1).
 */
const resolver: Resolver<DetailsValues, unknown, DetailsPayload> = async (
  values,
  context,
  options,
) => {
  const measurementsOptional = consultationChosen();
  const schemaResolver = measurementsOptional ? consultationResolver : estimateResolver;
  const result = await schemaResolver(
    // an empty pane count goes as missing, which the contract's types do not spell out
    toPayload(values, measurementsOptional) as Parameters<typeof schemaResolver>[0],
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  if (Object.keys(result.errors).length > 0) {
    const sent = measuredRowIndexes(values.measurements, measurementsOptional);
    return { values: {}, errors: onFormRows(result.errors as ResolverErrors, sent) };
  }
  return { values: result.values as DetailsPayload, errors: {} };
};

export function useDetailsForm() {
  const [defaultValues] = useState(() => loadDetailsDraft() ?? blankDetails());
  // read from storage as an external store: Contact saves its last half second of typing as it
  // unmounts, after this page's first render, and React reads it again once mounted
  const measurementsOptional = useSyncExternalStore(noSubscription, consultationChosen);
  const form = useForm<DetailsValues, unknown, DetailsPayload>({
    defaultValues,
    resolver,
    mode: 'onTouched',
    shouldFocusError: false, // the error summary takes focus instead
  });
  const rows = useFieldArray({ control: form.control, name: 'measurements' });
  // as on Contact (spec §2): saved as typed; a blank form removes an older draft
  const saveDraft = useCallback(() => {
    const values = form.getValues();
    if (isBlankDetails(values)) clearDetailsDraft();
    else saveDetailsDraft(values);
  }, [form]);
  useFormAutosave(form, saveDraft);
  return { form, rows, measurementsOptional };
}

export type DetailsForm = ReturnType<typeof useDetailsForm>['form'];
export type DetailsRows = ReturnType<typeof useDetailsForm>['rows'];
