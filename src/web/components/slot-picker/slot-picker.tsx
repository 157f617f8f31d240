import { useEffect, useRef, type ReactNode } from 'react';
import { formatCalendarDate, formatSlotRange } from '#web/lib/melbourne-time.ts';
import { DayCalendar } from './day-calendar';
import { HoldStatus } from './hold-status';
import { nextAvailableDays } from './slot-days';
import { SlotList, slotGroupId } from './slot-list';
import type { SlotPickerState } from './use-slot-picker';

export const noDaysId = 'booking-no-days';

interface Props {
  picker: SlotPickerState;
  /** The booking being moved (reschedule): its own time is marked. */
  currentStart?: string | undefined;
  /** A time was picked (its hold is on the way). */
  onPick?: () => void;
  /** calendar_view_enabled: off offers the next free times as a list grouped by day. */
  calendar?: boolean;
  /** What to say when the horizon has no free time (default: call us). */
  noDays?: ReactNode;
}

/** Day, time and hold: the shared half of /booking and /reschedule. */
export function SlotPicker({ picker, currentStart, onPick, calendar = true, noDays }: Props) {
  const { availability, ready, days, date, timeZone, hold } = picker;
  const problemRef = useRef<HTMLParagraphElement>(null);
  const { problem, problemKey } = hold;

  // a failed pick disables the button that had focus: the message takes it instead
  useEffect(() => {
    if (problemKey > 0) problemRef.current?.focus();
  }, [problemKey]);

  if (availability.isError && !availability.data) {
    return (
      <div role="alert" className="space-y-3">
        <p className="font-semibold text-danger">
          We could not load the available times.{' '}
          {availability.error instanceof Error ? availability.error.message : ''}
        </p>
        <button type="button" className="btn-quiet" onClick={() => void availability.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (!ready) {
    return (
      <p role="status" className="text-muted">
        Loading available times...
      </p>
    );
  }
  if (!date) {
    return (
      <div id={noDaysId} role="status" tabIndex={-1}>
        {noDays ?? (
          <p className="font-semibold">
            There are no free times in the next 30 days. Please call us to book.
          </p>
        )}
      </div>
    );
  }

  const problemNote = problem && (
    <p
      ref={problemRef}
      role="alert"
      tabIndex={-1}
      className="rounded-lg border-2 border-danger bg-danger-soft p-3 font-semibold"
    >
      {problem}
    </p>
  );
  const checking = availability.isFetching && (
    <p role="status" className="text-sm text-muted">
      Checking the latest times...
    </p>
  );
  const pick = (slot: Parameters<typeof hold.pick>[0]) => {
    onPick?.();
    void hold.pick(slot);
  };

  const day = days.find((d) => d.date === date);
  return (
    <div className="space-y-5">
      {calendar ? (
        <>
          <section aria-labelledby="calendar-title">
            <h2 id="calendar-title" className="text-lg font-bold">
              Choose a day
            </h2>
            <DayCalendar
              days={days}
              selected={date}
              onSelect={picker.chooseDate}
              labelledBy="calendar-title"
            />
          </section>
          <section aria-labelledby="slots-title" className="space-y-3">
            <h2 id="slots-title" className="text-lg font-bold">
              Times on {formatCalendarDate(date)}
            </h2>
            {problemNote}
            <SlotList
              day={day}
              timeZone={timeZone}
              heldStart={hold.held?.startTime}
              pendingStart={hold.pendingStart}
              currentStart={currentStart}
              onPick={pick}
              labelledBy="slots-title"
            />
            {checking}
          </section>
        </>
      ) : (
        <section aria-labelledby="slots-title" className="space-y-3">
          <h2 id="slots-title" className="text-lg font-bold">
            Next available times
          </h2>
          {problemNote}
          <div id={slotGroupId} tabIndex={-1} className="space-y-4">
            {nextAvailableDays(days, 5, hold.held?.startTime).map((open) => (
              <section key={open.date} aria-labelledby={`slots-${open.date}`}>
                <h3 id={`slots-${open.date}`} className="mb-2 font-semibold">
                  {formatCalendarDate(open.date)}
                </h3>
                <SlotList
                  id={`${slotGroupId}-${open.date}`}
                  day={open}
                  timeZone={timeZone}
                  heldStart={hold.held?.startTime}
                  pendingStart={hold.pendingStart}
                  currentStart={currentStart}
                  onPick={(slot) => {
                    picker.chooseDate(open.date);
                    pick(slot);
                  }}
                  labelledBy={`slots-${open.date}`}
                />
              </section>
            ))}
          </div>
          {checking}
        </section>
      )}
      {hold.held && <HoldStatus held={hold.held} timeZone={timeZone} />}
      <p aria-live="polite" className="sr-only">
        {hold.held &&
          `${formatSlotRange(hold.held.startTime, hold.held.endTime, timeZone)} is held for you for 10 minutes.`}
      </p>
    </div>
  );
}
