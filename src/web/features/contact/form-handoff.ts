import type { FocusEvent } from 'react';
import { contactFields, loadDraft, saveDraft, type ContactValues } from './contact-storage';

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

const valuesOf = (form: HTMLFormElement) =>
  Object.fromEntries(new FormData(form)) as Record<string, string>;

/**
 * The page goes (reload, closed tab) before the full form has arrived: what was typed, pasted or
 * autofilled is saved as the full form would have (issue 14). The picked address stays picked
 * while its text is unchanged; nothing is written when nothing changed.
 */
export function keepTyped(form: HTMLFormElement, shown: ContactValues): void {
  const values = { ...shown, ...valuesOf(form) };
  if (contactFields.every((field) => values[field] === shown[field])) return;
  const chosen = loadDraft()?.chosen;
  saveDraft({ values, chosen: chosen?.text === values.address ? chosen : null });
}

export function captureHandoff(form: HTMLFormElement): void {
  const values = valuesOf(form);
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
