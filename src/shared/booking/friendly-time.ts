import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** "Wednesday 25 November 2026, 9:00 am" for people reading the time where the business is. */
export function friendlyTime(instant: Date, timezone: string): string {
  return format(new TZDate(instant.getTime(), timezone), 'EEEE d MMMM yyyy, h:mm aaa');
}
