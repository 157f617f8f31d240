import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Booking } from '#shared/booking/booking.contract.ts';
import { formatCalendarDate, formatSlotRange, formatTime } from '#web/lib/melbourne-time.ts';
import { availabilityQuery, rescheduleBooking } from './leads-api';
import { problemText, type Announcer } from './use-announcer';

interface Props {
  booking: Booking;
  announcer: Announcer;
  onDone: (moved: boolean) => void;
}

/**
 * Moves a booking for the customer to a time the booking page offers now (the same rules as
 * their manage link). Day, then time, as two selects: quick with a keyboard or a thumb.
 */
export function RescheduleForm({ booking, announcer, onDone }: Props) {
  const id = useId();
  const daySelect = useRef<HTMLSelectElement>(null);
  const availability = useQuery(
    availabilityQuery(booking.serviceType as 'phone' | 'onsite', booking.id),
  );
  const days = (availability.data?.days ?? [])
    // one entry a time: when two consultants are free then, the server picks one
    .map((day) => ({
      ...day,
      slots: day.slots.filter(
        (slot, i, all) =>
          slot.available &&
          all.findIndex((s) => s.startTime === slot.startTime && s.available) === i,
      ),
    }))
    .filter((day) => day.slots.length > 0);
  const [date, setDate] = useState('');
  const [start, setStart] = useState('');
  const day = days.find((d) => d.date === date) ?? days[0];
  const slot = day?.slots.find((s) => s.startTime === start) ?? day?.slots[0];

  useEffect(() => daySelect.current?.focus(), [availability.isSuccess]);

  const move = useMutation({
    mutationFn: (startTime: string) => rescheduleBooking(booking.id, { startTime }),
    onSuccess: ({ booking: moved }) => {
      announcer.say(
        `Booking moved to ${formatSlotRange(moved.timeSlot.startTime, moved.timeSlot.endTime)}.`,
      );
      onDone(true);
    },
    onError: (error) => announcer.fail(problemText(error)),
  });

  if (availability.isPending) return <p className="text-muted">Loading free times...</p>;
  if (availability.isError) {
    return (
      <p role="alert">
        We could not load the free times. {problemText(availability.error)}{' '}
        <button type="button" className="link" onClick={() => void availability.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  if (!day || !slot) {
    return <p>There are no free times in the booking horizon to move this booking to.</p>;
  }
  return (
    <form
      aria-label="Reschedule"
      className="space-y-3 rounded-lg border border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!move.isPending) move.mutate(slot.startTime);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-day`} className="field-label">
            New day
          </label>
          <select
            ref={daySelect}
            id={`${id}-day`}
            className="field-input"
            value={day.date}
            onChange={(event) => {
              setDate(event.target.value);
              setStart('');
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
          <label htmlFor={`${id}-time`} className="field-label">
            New time
          </label>
          <select
            id={`${id}-time`}
            className="field-input"
            value={slot.startTime}
            onChange={(event) => setStart(event.target.value)}
          >
            {day.slots.map((s) => (
              <option key={s.startTime} value={s.startTime}>
                {formatTime(s.startTime)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-sm text-muted">
        The customer is told of the new time, as from their own link.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" aria-disabled={move.isPending || undefined}>
          Move the booking
        </button>
        <button type="button" className="btn-quiet" onClick={() => onDone(false)}>
          Keep the time
        </button>
      </div>
    </form>
  );
}
