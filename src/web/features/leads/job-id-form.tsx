import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Booking } from '#shared/booking/booking.contract.ts';
import { setJobId } from './leads-api';
import { problemText, type Announcer } from './use-announcer';

/** The job tracker's job id on a booking (PATCH /api/bookings/:id): set, change or clear. */
export function JobIdForm({
  booking,
  announcer,
  onChanged,
}: {
  booking: Booking;
  announcer: Announcer;
  onChanged: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(booking.trakJobId ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (trakJobId: string | null) => setJobId(booking.id, trakJobId),
    onSuccess: ({ booking: saved }) => {
      setError(null);
      setValue(saved.trakJobId ?? '');
      announcer.say(saved.trakJobId ? `Job id ${saved.trakJobId} saved.` : 'Job id cleared.');
      onChanged();
    },
    onError: (failure) => {
      setError(problemText(failure));
      announcer.fail(problemText(failure));
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate(value.trim() || null);
      }}
    >
      <label htmlFor={`${id}-job`} className="field-label">
        Job id
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-job`}
          className="field-input min-w-0 flex-1 basis-40"
          value={value}
          maxLength={100}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="btn-quiet" aria-disabled={save.isPending || undefined}>
          Save job id
        </button>
        {booking.trakJobId && (
          <button
            type="button"
            className="btn-quiet"
            aria-disabled={save.isPending || undefined}
            onClick={() => {
              if (!save.isPending) save.mutate(null);
            }}
          >
            Clear
          </button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          The job tracker&apos;s number for this booking.
        </p>
      )}
    </form>
  );
}
