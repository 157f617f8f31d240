import type { FormEvent, ReactNode } from 'react';
import { ErrorSummary } from '#web/components/ui/error-summary.tsx';
import type { SummaryProps } from '#web/components/ui/use-error-summary.ts';

/**
 * The frame of every admin form: error summary on top, the fields, then Save with a live status
 * ("Saved."). Pair it with useAdminForm.
 */
export function AdminForm({
  label,
  onSubmit,
  summary,
  status,
  submitting,
  submitLabel = 'Save',
  children,
  actions,
}: {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  summary: SummaryProps | null;
  status: string;
  submitting: boolean;
  submitLabel?: string;
  children: ReactNode;
  /** More buttons beside Save (Cancel, Delete). */
  actions?: ReactNode;
}) {
  return (
    <form noValidate aria-label={label} className="space-y-4" onSubmit={onSubmit}>
      {summary && <ErrorSummary {...summary} />}
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Saving...' : submitLabel}
        </button>
        {actions}
        <p role="status" className="font-semibold text-brand">
          {status}
        </p>
      </div>
    </form>
  );
}
