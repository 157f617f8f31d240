import { useCallback, useEffect, useRef } from 'react';
import { clearDraft, saveDraft, type ContactDraft } from './contact-storage';
import type { ContactForm } from './contact-form-types';

const autosaveDelayMs = 500;

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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const read = useRef(readDraft);
  useEffect(() => {
    read.current = readDraft;
  });

  const save = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const draft = read.current();
    if (isBlankDraft(draft, defaultOption)) clearDraft();
    else saveDraft(draft);
  }, [defaultOption]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(save, autosaveDelayMs);
  }, [save]);

  useEffect(() => {
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: schedule });
    // a reload or a closed tab within the half second: saved now, not lost
    const flush = () => {
      if (timer.current !== undefined) save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      unsubscribe();
      // leaving the page (e.g. on to the next step) must not lose the last half second
      if (timer.current !== undefined) save();
    };
  }, [form, schedule, save]);

  return schedule;
}
