import { TZDate } from '@date-fns/tz';

// When the nightly backup is due: BACKUP_TIME is Melbourne wall-clock time, whatever the server's
// own zone, and stays 02:30 across daylight saving (pg-boss's cron takes the same zone).

export const backupTimeZone = 'Australia/Melbourne';

/** The pg-boss cron expression of a daily HH:MM. */
export function cronOf(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return `${minutes} ${hours} * * *`;
}

/** The instant of HH:MM on the Melbourne day `dayOffset` days after the day of `instant`. */
function onDay(instant: Date, time: string, dayOffset: number): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const day = new TZDate(instant, backupTimeZone);
  return new Date(
    new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate() + dayOffset,
      hours,
      minutes,
      backupTimeZone,
    ).getTime(),
  );
}

/** The latest scheduled instant at or before `now`. */
export function lastScheduledAt(now: Date, time: string): Date {
  const today = onDay(now, time, 0);
  return today.getTime() <= now.getTime() ? today : onDay(now, time, -1);
}

/** The next scheduled instant after `now`. */
export function nextScheduledAt(now: Date, time: string): Date {
  const today = onDay(now, time, 0);
  return today.getTime() > now.getTime() ? today : onDay(now, time, 1);
}

/** A file name that sorts by time: tintbook-2026-11-29T153000Z.tbk (UTC). */
export function archiveNameAt(instant: Date): string {
  const iso = instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `tintbook-${iso.replaceAll(':', '')}.tbk`;
}
