import type { FocusEvent } from 'react';

// The first screen shows a plain form (no validation library yet) and swaps in the full form on
// the first interaction. Whatever the person typed, which fields they already left (so they are
// checked as if left in the full form), where the caret was and whether they already pressed
// Enter is handed over, so the swap is invisible. The capture runs in the static form's
// layout-effect clean-up, in the same commit that mounts the full form: no keystroke can fall
// between the two.

export interface Handoff {
  values: Record<string, string>;
  /** Names of the fields the person has left. */
  touched: string[];
  focusedId: string | null;
  selection: [number, number] | null;
  submitRequested: boolean;
}

let focusedId: string | null = null;
let submitRequested = false;
const touched = new Set<string>();
let captured: Handoff | null = null;

export function trackFocus(event: FocusEvent<HTMLFormElement>): void {
  focusedId = event.target.id || null;
}

export function trackBlur(event: FocusEvent<HTMLFormElement>): void {
  const { name } = event.target as { name?: unknown };
  if (typeof name === 'string' && name) touched.add(name);
  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focusedId = null;
}

export function requestSubmit(): void {
  submitRequested = true;
}

export function captureHandoff(form: HTMLFormElement): void {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values[name] = value;
  }
  // by id, not a CSS selector: booking option ids come from the admin and may hold any character
  const element = focusedId ? form.ownerDocument.getElementById(focusedId) : null;
  const focused = element instanceof HTMLInputElement ? element : null;
  const start = focused?.selectionStart ?? null;
  const end = focused?.selectionEnd ?? null;
  captured = {
    values,
    touched: [...touched],
    focusedId,
    selection: start === null || end === null ? null : [start, end],
    submitRequested,
  };
  focusedId = null;
  submitRequested = false;
  touched.clear();
}

/** The handed-over state, once. */
export function takeHandoff(): Handoff | null {
  const handoff = captured;
  captured = null;
  return handoff;
}
