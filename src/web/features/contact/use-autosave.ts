import { useCallback, useEffect, useRef } from 'react';
import { useFormAutosave } from '#web/lib/use-form-autosave.ts';
import { clearDraft, saveDraft, type ContactDraft } from './contact-storage';
import type { ContactForm } from './contact-form-types';

/**
 * Spec §2: nothing worth saving when every value is empty or the default. Here, not in
 * contact-storage.ts, which is first-screen code: only the full form saves.
 */
export function isBlankDraft(draft: ContactDraft, defaultOption: string): boolean {
  const { bookingOption, ...text } = draft.values;
  return (
    Object.values(text).every((value) => value.trim() === '') &&
    (bookingOption === '' || bookingOption === defaultOption) &&
    draft.chosen === null
  );
}

/**
 * Spec §2: progress is saved 500 ms after the last edit. A blank form (every value empty or the
 * default) is not saved, and removes an older draft: clearing the form means starting over.
 */
export function useAutosave(
  form: ContactForm,
  readDraft: () => ContactDraft,
  defaultOption: string,
) {
  const read = useRef(readDraft);
  useEffect(() => {
    read.current = readDraft;
  });

  const save = useCallback(() => {
    const draft = read.current();
    if (isBlankDraft(draft, defaultOption)) clearDraft();
    else saveDraft(draft);
  }, [defaultOption]);

  return useFormAutosave(form, save);
}
