import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { detailsFormSchema } from '#shared/estimate/details.contract.ts';
import { loadDetailsDraft } from './details-storage';
import { blankDetails, toPayload, type DetailsPayload, type DetailsValues } from './details-values';
import { useDraftAutosave } from './use-draft-autosave';

const schemaResolver = zodResolver(detailsFormSchema);

/** The shared contract checks the numbers made from what was typed; its paths are the form's. */
const resolver: Resolver<DetailsValues, unknown, DetailsPayload> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(
    // an empty pane count goes as missing, which the contract's types do not spell out
    toPayload(values) as Parameters<typeof schemaResolver>[0],
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  if (Object.keys(result.errors).length > 0) {
    return { values: {}, errors: result.errors as FieldErrors<DetailsValues> };
  }
  return { values: result.values as DetailsPayload, errors: {} };
};

export function useDetailsForm() {
  const [defaultValues] = useState(() => loadDetailsDraft() ?? blankDetails());
  const form = useForm<DetailsValues, unknown, DetailsPayload>({
    defaultValues,
    resolver,
    mode: 'onTouched',
    shouldFocusError: false, // the error summary takes focus instead
  });
  const rows = useFieldArray({ control: form.control, name: 'measurements' });
  useDraftAutosave(form);
  return { form, rows };
}

export type DetailsForm = ReturnType<typeof useDetailsForm>['form'];
export type DetailsRows = ReturnType<typeof useDetailsForm>['rows'];
