import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { clearDetailsDraft, saveDetailsDraft } from './details-storage';
import { isBlankDetails, type DetailsValues, type DetailsPayload } from './details-values';

const autosaveDelayMs = 500;

/**
 * As on Contact (spec §2): the draft is saved 500 ms after the last edit, and on leaving the
 * page. A blank form is not saved and removes an older draft: clearing it means starting over.
 */
export function useDraftAutosave(form: UseFormReturn<DetailsValues, unknown, DetailsPayload>) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const values = form.getValues();
    if (isBlankDetails(values)) clearDetailsDraft();
    else saveDetailsDraft(values);
  }, [form]);

  useEffect(() => {
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(save, autosaveDelayMs);
      },
    });
    // a reload or a closed tab within the half second: saved now, not lost
    const flush = () => {
      if (timer.current !== undefined) save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      unsubscribe();
      // leaving the page (Back, Continue) must not lose the last half second
      if (timer.current !== undefined) save();
    };
  }, [form, save]);
}
