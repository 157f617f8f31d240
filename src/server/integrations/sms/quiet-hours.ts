import { TZDate } from '@date-fns/tz';
import { addDays, dateIn, wallClock } from '#shared/booking/calendar.ts';

// No texts at night: from 21:00 to 08:00 in the business's time zone a text waits for 08:00.
// Built from calendar dates and wall-clock times, so the DST changes (at 02:00 and 03:00 in
// Victoria) never move 08:00.
const opens = 8 * 60;
const closesHour = 21;

/** `instant` itself when it falls between 08:00 and 21:00 local time, else the next 08:00. */
export function smsSendableAt(instant: Date, timeZone = 'Australia/Melbourne'): Date {
  const hour = new TZDate(instant, timeZone).getHours();
  if (hour >= opens / 60 && hour < closesHour) return instant;
  const today = dateIn(instant, timeZone);
  const day = hour >= closesHour ? addDays(today, 1) : today;
  return new Date(wallClock(day, opens, timeZone));
}
