import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { bookingRulesFormSchema } from '#shared/admin/booking-rules.contract.ts';
import { previewQuery, type BookingRulesForm } from './booking-rules-api';

/** Typing pauses this long before the preview is asked for. */
export const previewDelayMs = 300;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The preview of the form's rules as they are typed: asked for once the typing pauses, and only
 * for a draft the shared contract accepts (otherwise `problem` says what is wrong).
 */
export function useRulesPreview(control: Control<BookingRulesForm>) {
  const values = useWatch({ control });
  // compared as text, so the delay restarts when a value changes, not on every render
  const settled = useSettled(JSON.stringify(values), previewDelayMs);
  const check = useMemo(() => bookingRulesFormSchema.safeParse(JSON.parse(settled)), [settled]);
  const preview = useQuery(previewQuery(check.success ? check.data : null));
  const problem = check.success ? null : (check.error.issues[0]?.message ?? null);
  return { preview, problem };
}
