import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Availability } from '#shared/booking/booking.contract.ts';
import { formatCalendarDate, formatTime } from '#web/lib/melbourne-time.ts';
import { staffAvailabilityQuery, type TimesFor } from './phone-in-api';

interface Props {
  idPrefix: string;
  times: TimesFor;
  /** The chosen start time ('' when none can be chosen yet). */
  value: string;
  onChange: (startTime: string) => void;
  error: string | undefined;
}

/** Free days and times, each time once (several consultants free then: the server picks one). */
export function freeDays(availability: Availability | undefined) {
  return (availability?.days ?? [])
    .map((day) => ({
      date: day.date,
      starts: [...new Set(day.slots.filter((s) => s.available).map((s) => s.startTime))],
    }))
    .filter((day) => day.starts.length > 0);
}

/**
 * Day, then time, as two selects (as staff move a booking): the booking page's free times for
 * this type, address and consultant.
 */
export function PhoneInTimes({ idPrefix, times, value, onChange, error }: Props) {
  const query = useQuery(staffAvailabilityQuery(times));
  const days = freeDays(query.data);
  const [date, setDate] = useState('');
  const day =
    days.find((d) => d.date === date) ?? days.find((d) => d.starts.includes(value)) ?? days[0];
  const first = day?.starts[0] ?? '';

  // a time no longer offered (another type, address or consultant) gives way to the day's first
  useEffect(() => {
    if (!day?.starts.includes(value)) onChange(first);
  }, [day, value, first, onChange]);

  if (times.serviceType === 'onsite' && !times.placeId) {
    return (
      <p className="text-muted">
        Choose the address first: onsite times depend on the drive there.
      </p>
    );
  }
  if (query.isPending)
    return (
      <p role="status" className="text-muted">
        Loading free times...
      </p>
    );
  if (query.isError) {
    return (
      <p role="alert">
        The free times could not be loaded. {query.error.message}{' '}
        <button type="button" className="link" onClick={() => void query.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  if (!day) {
    return (
      <p role="status">
        {times.serviceType === 'onsite'
          ? 'No consultant can reach this address at a free time in the booking horizon. Offer a phone consultation instead.'
          : 'There are no free times in the booking horizon.'}
      </p>
    );
  }
  const timeId = `${idPrefix}-startTime`;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={`${idPrefix}-day`} className="field-label">
          Day
        </label>
        <select
          id={`${idPrefix}-day`}
          className="field-input"
          value={day.date}
          onChange={(event) => {
            setDate(event.target.value);
            onChange(days.find((d) => d.date === event.target.value)?.starts[0] ?? '');
          }}
        >
          {days.map((d) => (
            <option key={d.date} value={d.date}>
              {formatCalendarDate(d.date)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={timeId} className="field-label">
          Time
        </label>
        <select
          id={timeId}
          className="field-input"
          value={day.starts.includes(value) ? value : first}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${timeId}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {day.starts.map((start) => (
            <option key={start} value={start}>
              {formatTime(start)}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${timeId}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
