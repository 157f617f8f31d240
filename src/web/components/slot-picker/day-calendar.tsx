import { useRef, useState, type KeyboardEvent } from 'react';
import { datePartsOf } from '#web/lib/melbourne-time.ts';
import { calendarWeeks, closedNote, isOpen, moveInGrid, type BookingDay } from './slot-days';

const weekdays = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

export const dayButtonId = (date: string) => `day-${date}`;

interface Props {
  days: BookingDay[];
  selected: string | null;
  onSelect: (date: string) => void;
  /** The id of the heading that names the grid. */
  labelledBy: string;
}

function monthSpan(days: BookingDay[]): string {
  const first = days[0] && datePartsOf(days[0].date);
  const last = days.at(-1) && datePartsOf(days.at(-1)!.date);
  if (!first || !last) return '';
  if (first.month === last.month && first.year === last.year) return `${first.month} ${first.year}`;
  return first.year === last.year
    ? `${first.month} – ${last.month} ${last.year}`
    : `${first.month} ${first.year} – ${last.month} ${last.year}`;
}

/**
 * The booking horizon as a month-style grid (spec §9: up to 30 days ahead). One tab stop; the
 * arrow keys move by day and week, Home and End to the ends of the week, Enter or Space picks.
 * Closed days stay focusable (aria-disabled) so the arrows never jump over a week.
 */
export function DayCalendar({ days, selected, onSelect, labelledBy }: Props) {
  const [focused, setFocused] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const weeks = calendarWeeks(days);
  const mondayFirst = weeks[0]?.findIndex((cell) => cell !== null) ?? 0;
  const tabStop =
    (focused && days.some((day) => day.date === focused) && focused) ||
    selected ||
    days.find(isOpen)?.date ||
    days[0]?.date;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = moveInGrid(index, event.key, days.length, mondayFirst);
    if (target === null) return;
    event.preventDefault();
    const date = days[target]!.date;
    setFocused(date);
    buttons.current.get(date)?.focus();
  };

  return (
    <div>
      <p id={`${labelledBy}-months`} className="mb-2 text-sm font-semibold text-muted">
        {monthSpan(days)}
      </p>
      <table
        role="grid"
        aria-labelledby={labelledBy}
        aria-describedby={`${labelledBy}-months`}
        className="w-full table-fixed border-separate border-spacing-1"
      >
        <thead>
          <tr>
            {weekdays.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-1 text-xs font-semibold">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (!day) return <td key={column} />;
                const index = row * 7 + column - mondayFirst;
                const { weekday, day: dayNumber, month } = datePartsOf(day.date);
                const note = closedNote(day);
                const open = note === null;
                const isSelected = day.date === selected;
                const showMonth = index === 0 || dayNumber === '1';
                return (
                  <td key={day.date} role="gridcell" aria-selected={isSelected}>
                    <button
                      ref={(element) => {
                        if (element) buttons.current.set(day.date, element);
                        else buttons.current.delete(day.date);
                      }}
                      type="button"
                      id={dayButtonId(day.date)}
                      tabIndex={day.date === tabStop ? 0 : -1}
                      aria-label={`${weekday} ${dayNumber} ${month}${note ? `, ${note}` : ''}`}
                      aria-pressed={isSelected}
                      aria-disabled={open ? undefined : true}
                      onClick={() => {
                        setFocused(day.date);
                        if (open) onSelect(day.date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, index)}
                      className={`flex min-h-11 w-full flex-col items-center justify-center rounded-lg text-base leading-none tabular-nums ${
                        isSelected
                          ? 'bg-brand font-bold text-on-brand'
                          : open
                            ? 'border border-field bg-surface font-semibold hover:bg-brand-soft'
                            : 'text-muted'
                      }`}
                    >
                      {showMonth && (
                        <span aria-hidden="true" className="text-[0.65rem] font-normal uppercase">
                          {month.slice(0, 3)}
                        </span>
                      )}
                      {dayNumber}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
