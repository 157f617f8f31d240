import { formatTime } from '#web/lib/melbourne-time.ts';
import { slotTimes, type BookingDay, type SlotTime } from './slot-days';

export const slotGroupId = 'booking-slots';

interface Props {
  day: BookingDay | undefined;
  timeZone: string;
  heldStart: string | undefined;
  pendingStart: string | null;
  /** The booking being moved: its own time is marked. */
  currentStart?: string | undefined;
  onPick: (slot: SlotTime) => void;
  labelledBy: string;
  /** The group's id: one list on the page takes slotGroupId, several each take their own. */
  id?: string;
}

const same = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && Date.parse(a) === Date.parse(b);

/** The day's times as buttons; taken ones are disabled, the held one is pressed. */
export function SlotList({
  day,
  timeZone,
  heldStart,
  pendingStart,
  currentStart,
  onPick,
  labelledBy,
  id = slotGroupId,
}: Props) {
  const times = slotTimes(day);
  return (
    <div role="group" id={id} tabIndex={-1} aria-labelledby={labelledBy}>
      {times.length === 0 ? (
        <p className="text-muted">No times on this day. Please choose another day.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {times.map((time) => {
            const held = same(heldStart, time.startTime);
            const pending = same(pendingStart, time.startTime);
            const current = same(currentStart, time.startTime);
            // the booking's own time is free to it (its move), but moving there changes nothing
            const usable = (time.available && !current) || held;
            return (
              <li key={time.startTime}>
                <button
                  type="button"
                  disabled={!usable}
                  aria-pressed={held}
                  aria-disabled={pendingStart !== null && usable ? true : undefined}
                  onClick={() => {
                    if (pendingStart === null) onPick(time);
                  }}
                  className={`flex min-h-11 w-full flex-col items-center justify-center rounded-lg px-1 py-1 text-sm leading-tight tabular-nums ${
                    held
                      ? 'bg-brand font-bold text-on-brand'
                      : usable
                        ? 'border border-field bg-surface font-semibold hover:bg-brand-soft'
                        : 'bg-canvas text-muted'
                  }`}
                >
                  {formatTime(time.startTime, timeZone)}
                  {current ? (
                    <span className="text-xs font-normal">Your booking</span>
                  ) : !usable ? (
                    <span className="text-xs font-normal">Unavailable</span>
                  ) : null}
                  {pending && <span className="sr-only"> (holding…)</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
