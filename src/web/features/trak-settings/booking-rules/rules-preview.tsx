import type { Control } from 'react-hook-form';
import { formatTime } from '#web/lib/melbourne-time.ts';
import type { BookingRulesForm, BookingRulesPreview } from './booking-rules-api';
import {
  closedReasonText,
  formatShortDate,
  previewCounts,
  previewTimes,
  type PreviewTime,
} from './preview-days';
import { useRulesPreview } from './use-rules-preview';

const titleId = 'booking-rules-preview-title';

/** The next seven days as customers would be offered them under the rules in the form. */
export function RulesPreview({
  control,
  dirty,
}: {
  control: Control<BookingRulesForm>;
  /** The form differs from the saved rules. */
  dirty: boolean;
}) {
  const { preview, problem } = useRulesPreview(control);
  const label = dirty ? 'Preview of unsaved changes' : 'Preview of the saved rules';

  let summary: string;
  if (problem) summary = `Preview paused until the rules are valid: ${problem}`;
  else if (preview.isError) summary = `The preview could not be loaded. ${preview.error.message}`;
  else if (!preview.data) summary = 'Loading the preview...';
  else {
    const { openDays, freeTimes } = previewCounts(preview.data.days);
    const days = preview.data.days.length;
    summary = `${label}: ${openDays} of ${days} days open, ${freeTimes} free times.`;
  }

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-line bg-canvas p-3 sm:p-4"
    >
      <h3 id={titleId} className="text-lg font-bold">
        Next 7 days as customers see them
      </h3>
      {/* only this line is announced: the grid below would be far too long to hear */}
      <p aria-live="polite" className={dirty ? 'font-semibold text-brand' : 'text-muted'}>
        {summary}
      </p>
      {preview.isError && !problem && (
        <button type="button" className="btn-quiet" onClick={() => void preview.refetch()}>
          Retry the preview
        </button>
      )}
      {preview.data && <PreviewDays preview={preview.data} busy={preview.isFetching} />}
    </section>
  );
}

function PreviewDays({ preview, busy }: { preview: BookingRulesPreview; busy: boolean }) {
  return (
    <ul aria-label="Days" aria-busy={busy} className="divide-y divide-line">
      {preview.days.map((day) => {
        const date = formatShortDate(day.date);
        const closed = closedReasonText(day);
        return (
          <li key={day.date} className="grid gap-1 py-2 sm:grid-cols-[7rem_1fr] sm:gap-3">
            <p className="font-semibold">{date}</p>
            {closed ? (
              <p className="text-muted">{closed}</p>
            ) : (
              <ul aria-label={`Times on ${date}`} className="flex flex-wrap gap-1.5">
                {previewTimes(day).map((time) => (
                  <TimeChip key={time.startTime} time={time} timeZone={preview.timezone} />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function TimeChip({ time, timeZone }: { time: PreviewTime; timeZone: string }) {
  const taken = time.free === 0;
  const note = taken ? 'taken' : time.staff > 1 ? `${time.free} of ${time.staff} free` : null;
  return (
    <li
      className={`rounded-md border px-2 py-1 text-sm tabular-nums ${
        taken ? 'border-line text-muted' : 'border-field bg-surface'
      }`}
    >
      <span className={taken ? 'line-through' : undefined}>
        {formatTime(time.startTime, timeZone)}
      </span>
      {note && <span className="text-xs"> · {note}</span>}
    </li>
  );
}
