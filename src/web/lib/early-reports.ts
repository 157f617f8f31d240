// Analytics events that can happen before lib/analytics has loaded (it comes lazily, with the
// session timer): a failing or slow API call from the very first request, /api/settings included
// (spec §8, §9), and a Contact submit that fails (§8: abandonment tracked). They wait here (this
// module is on the first screen, so it stays tiny) and are handed over when analytics starts.

export type ReportData = Record<string, string | number | boolean | null>;
export interface Report {
  action: string;
  data: ReportData;
  page: string;
  timestamp: string;
}

/** At most this many wait: a page failing in a loop before analytics starts keeps no more. */
export const maxWaiting = 50;
const waiting: Report[] = [];
let deliver: ((report: Report) => void) | undefined;

export function report(action: string, data: ReportData): void {
  const entry = {
    action,
    data,
    page: globalThis.location?.pathname ?? '',
    timestamp: new Date().toISOString(),
  };
  if (deliver) deliver(entry);
  else if (waiting.length < maxWaiting) waiting.push(entry);
}

/** lib/analytics takes over: what waited first, in order, then every report as it comes. */
export function handOver(to: (report: Report) => void): void {
  deliver = to;
  for (const entry of waiting.splice(0)) to(entry);
}
