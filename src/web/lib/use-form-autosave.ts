import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const autosaveDelayMs = 500;

/**
 * Spec §2: a step's draft is saved 500 ms after the last edit, and on leaving the page. `save`
 * (stable, from useCallback) says what saving is: a blank form removes an older draft, since
 * clearing it means starting over. Returns the scheduler, for changes the form does not see.
 */
export function useFormAutosave<Values extends FieldValues, Context, Output>(
  form: UseFormReturn<Values, Context, Output>,
  save: () => void,
): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const saveNow = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    save();
  }, [save]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(saveNow, autosaveDelayMs);
  }, [saveNow]);

  useEffect(() => {
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: schedule });
    // a reload or a closed tab within the half second: saved now, not lost
    const flush = () => {
      if (timer.current !== undefined) saveNow();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      unsubscribe();
      // leaving the page (Back, Continue) must not lose the last half second
      if (timer.current !== undefined) saveNow();
    };
  }, [form, schedule, saveNow]);

  return schedule;
}
