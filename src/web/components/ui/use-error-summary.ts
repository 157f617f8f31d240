import { useCallback, useState } from 'react';
import type { SummaryItem } from './error-summary';

/** The title of the summary of the browser's own check (spec §5). */
export const checkTitle = 'Please correct the following:';

export type Summary<TExtra extends object = object> = {
  title: string;
  items: SummaryItem[];
  /** From the browser's own check (the spec's title), not from the server's answer. */
  check: boolean;
} & Partial<TExtra>;

/** What <ErrorSummary> needs to show a summary. */
export interface SummaryProps {
  title: string;
  items: SummaryItem[];
  focusKey: number;
}

/**
 * The entries of the browser's check still to answer: of those it listed, the ones the form
 * still reports (with their message and link as they are now). A field fixed since the submit drops out at
 * once; a field that has gone wrong since is not added (it says so beside itself).
 */
export function stillWrong(listed: SummaryItem[], current: SummaryItem[]): SummaryItem[] {
  const fieldOf = (item: SummaryItem) => item.field ?? item.inputId;
  const fields = new Set(listed.map(fieldOf));
  return current.filter((item) => fields.has(fieldOf(item)));
}

/**
 * The state of a form's error summary (<ErrorSummary>): what it says, and a focus key that
 * changes each time it is shown, so it takes focus and is announced again on every failed
 * submit. `TExtra` carries what a form shows beside the entries (a link, a detail).
 */
export function useErrorSummary<TExtra extends object = object>() {
  const [summary, setSummary] = useState<Summary<TExtra> | null>(null);
  const [focusKey, setFocusKey] = useState(0);

  const show = useCallback((next: Omit<Summary<TExtra>, 'check'>) => {
    setSummary({ ...next, check: false } as Summary<TExtra>);
    setFocusKey((key) => key + 1);
  }, []);

  const showCheck = useCallback((items: SummaryItem[]) => {
    setSummary({ title: checkTitle, items, check: true } as Summary<TExtra>);
    setFocusKey((key) => key + 1);
  }, []);

  const clear = useCallback(() => setSummary(null), []);

  // entries of the check go once they are answered (the summary with them, when none is left);
  // a refusal from the server stays until the next submit
  const answer = useCallback(
    (...inputIds: string[]) =>
      setSummary((current) => {
        if (!current?.check) return current;
        const items = current.items.filter((item) => !inputIds.includes(item.inputId));
        return items.length === 0 ? null : { ...current, items };
      }),
    [],
  );

  /**
   * The props of <ErrorSummary> that follow the form: `current` is what the form reports now.
   * The check's summary keeps only what is still wrong, and goes when nothing is; a refusal from
   * the server stays until the next submit.
   */
  const liveProps = (current: SummaryItem[]): SummaryProps | null => {
    if (!summary) return null;
    if (!summary.check) return { title: summary.title, items: summary.items, focusKey };
    const items = stillWrong(summary.items, current);
    return items.length === 0 ? null : { title: summary.title, items, focusKey };
  };

  return {
    summary,
    focusKey,
    liveProps,
    /** The props of <ErrorSummary>, or null while there is nothing to say. */
    summaryProps: summary && { title: summary.title, items: summary.items, focusKey },
    /** A refusal or failure: the summary says so and takes focus. */
    show,
    /** The browser's own check failed: these entries under the spec's title, focused. */
    showCheck,
    clear,
    answer,
  };
}
