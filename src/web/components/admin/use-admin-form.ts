import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiRequestError } from '#web/lib/api-client.ts';
import type { SummaryItem } from '#web/components/ui/error-summary.tsx';
import { useErrorSummary } from '#web/components/ui/use-error-summary.ts';

export interface AdminFormOptions<TValues extends FieldValues, TPayload> {
  /** Prefix of every input id in the form: `${idPrefix}-${field path with dashes}`. */
  idPrefix: string;
  defaultValues: DefaultValues<TValues>;
  /** The shared contract: the same messages as the server's. */
  schema: z.ZodType<TPayload, TValues>;
  save: (payload: TPayload) => Promise<unknown>;
  /** Shown in the form's live status after a save. */
  savedMessage?: string;
  /** After a save: the values the form should hold now (the server's answer), if they differ. */
  afterSave?: (result: unknown, payload: TPayload) => TValues | undefined;
}

/** "rows.0.price" → "prefix-rows-0-price": the id the section gives that input. */
export function adminInputId(idPrefix: string, path: string): string {
  return `${idPrefix}-${path.replaceAll('.', '-')}`;
}

function messagesOf(errors: FieldErrors, path = ''): { path: string; message: string }[] {
  const found: { path: string; message: string }[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const here = path ? `${path}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    // a list's own message (root) belongs to the list, shown at its first input
    const at = key === 'root' ? path : here;
    if (typeof message === 'string' && message) found.push({ path: at, message });
    else found.push(...messagesOf(value as FieldErrors, here));
  }
  return found;
}

/** Summary entries in the order the inputs appear on the page. */
function summaryItems(errors: FieldErrors, idPrefix: string): SummaryItem[] {
  const items = messagesOf(errors).map(({ path, message }) => ({
    inputId: adminInputId(idPrefix, path),
    message,
  }));
  const position = (id: string) => document.getElementById(id);
  return items.sort((a, b) => {
    const [x, y] = [position(a.inputId), position(b.inputId)];
    if (!x || !y) return 0;
    return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/**
 * One admin form: checked in the browser with the shared contract, saved through the API, the
 * server's field messages put back on their inputs, an error summary that takes focus, and a
 * live "Saved." status.
 */
export function useAdminForm<TValues extends FieldValues, TPayload>(
  options: AdminFormOptions<TValues, TPayload>,
) {
  const { idPrefix, schema, save, savedMessage = 'Saved.', afterSave } = options;
  const form = useForm<TValues, unknown, TPayload>({
    defaultValues: options.defaultValues,
    resolver: zodResolver(schema),
    shouldFocusError: false, // the summary takes focus instead
  });
  const errorSummary = useErrorSummary();
  const [status, setStatus] = useState('');

  const onSubmit = form.handleSubmit(
    async (payload) => {
      setStatus('');
      errorSummary.clear();
      try {
        const result = await save(payload);
        const next = afterSave?.(result, payload);
        form.reset(next ?? form.getValues());
        setStatus(savedMessage);
      } catch (error) {
        const serverErrors: FieldErrors = {};
        if (error instanceof ApiRequestError) {
          for (const [path, message] of Object.entries(error.fields)) {
            const field = path.replace(/^body\./, '');
            form.setError(field as FieldPath<TValues>, { type: 'server', message });
            serverErrors[field] = { type: 'server', message };
          }
        }
        const title = error instanceof Error ? error.message : 'Saving failed. Please try again.';
        errorSummary.show({ title, items: summaryItems(serverErrors, idPrefix) });
      }
    },
    (errors) => {
      setStatus('');
      errorSummary.showCheck(summaryItems(errors, idPrefix));
    },
  );

  const inputId = (path: FieldPath<TValues>) => adminInputId(idPrefix, path);
  const errorOf = (path: FieldPath<TValues>) =>
    form.getFieldState(path, form.formState).error?.message;

  return {
    form,
    /** Everything <AdminForm> needs but its label: `<AdminForm label="…" {...frame}>`. */
    frame: {
      onSubmit: (event: FormEvent) => void onSubmit(event),
      summary: errorSummary.summaryProps,
      status,
      submitting: form.formState.isSubmitting,
    },
    /** An input's id, message and binding: `<TextField label="…" {...field('host')} />`. */
    field: (path: FieldPath<TValues>, options?: RegisterOptions<TValues, FieldPath<TValues>>) => ({
      id: inputId(path),
      error: errorOf(path),
      ...form.register(path, options),
    }),
    /** The id of a field's input, so labels, summary links and messages line up. */
    inputId,
    /** A field's message, if any (nested paths too). */
    errorOf,
  };
}
