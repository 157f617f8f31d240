import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { useForm, type Resolver, type ResolverOptions, type ResolverResult } from 'react-hook-form';
import type { BookingOption } from '#shared/catalogue/catalogue.contract.ts';
import { contactFormSchema, type ContactFormValues } from '#shared/contact/contact.contract.ts';
import { addressRule, restoreAddress, type AddressStart } from './address-state';
import type { ContactFormOutput } from './contact-form-types';
import {
  defaultOptionFor,
  initialValues,
  loadDraft,
  type ChosenAddress,
  type ContactDraft,
} from './contact-storage';
import { useAutosave } from './use-autosave';

const schemaResolver = zodResolver(contactFormSchema);

/**
 * The contact schema (shared with the server) plus the address rules, which need what the
 * person picked and what was restored: neither is a form value.
 */
async function resolveContact(
  values: ContactFormValues,
  context: unknown,
  options: ResolverOptions<ContactFormValues>,
  address: Pick<AddressStart, 'chosen' | 'restored'>,
): Promise<ResolverResult<ContactFormValues, ContactFormOutput>> {
  const result = await schemaResolver(values, context, options);
  const text = values.address ?? '';
  if (text.trim() === '') return result; // 'Property address is required' from the schema
  const problem = addressRule(text, address.chosen, address.restored);
  if (!problem) return result;
  return {
    values: {},
    errors: { ...result.errors, address: { type: 'address', message: problem } },
  };
}

export function useContactForm(options: BookingOption[]) {
  const [start] = useState(() => {
    const draft = loadDraft();
    return { values: initialValues(draft, options), ...restoreAddress(draft) };
  });
  const [chosen, setChosenState] = useState(start.chosen);
  const chosenRef = useRef(start.chosen);
  const resolver = useCallback<Resolver<ContactFormValues, unknown, ContactFormOutput>>(
    (values, context, options) =>
      resolveContact(values, context, options, {
        chosen: chosenRef.current,
        restored: start.restored,
      }),
    [start.restored],
  );

  const form = useForm<ContactFormValues, unknown, ContactFormOutput>({
    defaultValues: start.values,
    resolver,
    mode: 'onTouched',
    shouldFocusError: false, // the error summary takes focus instead
  });

  const readDraft = useCallback((): ContactDraft => {
    const values = { ...start.values, ...form.getValues() };
    const picked = chosenRef.current;
    const stillPicked = picked && picked.text.trim() === values.address.trim() ? picked : null;
    return { values, chosen: stillPicked };
  }, [form, start.values]);
  const scheduleSave = useAutosave(form, readDraft, defaultOptionFor(options));

  const setChosen = useCallback(
    (next: ChosenAddress | null) => {
      chosenRef.current = next;
      setChosenState(next);
      scheduleSave();
    },
    [scheduleSave],
  );

  return {
    form,
    chosen,
    chosenRef,
    setChosen,
    scheduleSave,
    restored: start.restored,
    restoredValid: start.restoredValid,
  };
}
