import { icsFile, type CalendarEvent } from '#shared/booking/calendar-event.ts';

/** Hands the file to the browser as a download. */
export function downloadIcs(event: CalendarEvent, fileName: string): void {
  const url = URL.createObjectURL(
    new Blob([icsFile(event)], { type: 'text/calendar;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // some browsers read the blob after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
