import { z } from 'zod';
import { text } from '#shared/api/text.ts';

// A consultant's own calendar (issue 29, ADR 053): the secret feed of their bookings, and the
// calendar connected for their busy times (CalDAV, which also receives the bookings, or a private
// ICS address). One schema for the admin form and the API.

export const consultantCalendarMessages = {
  url: 'Enter the calendar address, starting with https://.',
  username: 'Enter the user name of the calendar account.',
  password: 'Enter the app password of the calendar account.',
  unauthorized:
    'The calendar server refused that user name and app password. Check them (an app password, not the account password) and try again.',
  notCalendar:
    'That address is not a calendar. Give the address of the calendar itself (its CalDAV URL), not of the server or the account.',
  notIcs:
    'That address did not answer a calendar file. Copy the private address in iCal format (ending .ics) again.',
  refused: (status: number) => `The calendar server refused the request (HTTP ${status}).`,
  unreachable: (why: string) =>
    `The calendar could not be reached: ${why}. Check the address and try again.`,
  notConnected: 'This consultant has no calendar connected.',
  feedNotFound: 'Calendar not found.',
} as const;
const m = consultantCalendarMessages;

export const calendarKinds = ['caldav', 'ics'] as const;
export type CalendarKind = (typeof calendarKinds)[number];

/** webcal:// (what Apple and Outlook hand out) is https:// to a server. */
export const calendarUrlSchema = text({ error: m.url })
  .trim()
  .max(2000, m.url)
  .transform((url) => url.replace(/^webcals?:\/\//i, 'https://'))
  .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), m.url);

export const connectCalendarSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('caldav'),
    url: calendarUrlSchema,
    username: text({ error: m.username }).trim().min(1, m.username).max(200, m.username),
    password: text({ error: m.password }).min(1, m.password).max(500, m.password),
  }),
  z.object({ kind: z.literal('ics'), url: calendarUrlSchema }),
]);
export type ConnectCalendar = z.output<typeof connectCalendarSchema>;

/** What the admin sees of it: never the password, and of a secret ICS address only its host. */
export const calendarSummarySchema = z.object({
  kind: z.enum(calendarKinds).nullable(),
  /** CalDAV: the calendar's address; ICS: its host (the rest is as good as a password). */
  url: z.string().nullable(),
  username: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Whether a feed of their bookings exists (its address is shown once, when made). */
  feed: z.boolean(),
});
export type CalendarSummary = z.infer<typeof calendarSummarySchema>;

export const noCalendar: CalendarSummary = {
  kind: null,
  url: null,
  username: null,
  lastSyncedAt: null,
  lastError: null,
  feed: false,
};

export const feedResponseSchema = z.object({ url: z.string() });

/** The admin form: both kinds' inputs as typed; the kind decides which are sent. */
export const calendarFormSchema = z
  .object({
    kind: z.enum(calendarKinds),
    url: z.string(),
    username: z.string(),
    password: z.string(),
  })
  .transform((form, ctx): ConnectCalendar => {
    const body =
      form.kind === 'ics'
        ? { kind: form.kind, url: form.url }
        : { kind: form.kind, url: form.url, username: form.username, password: form.password };
    const checked = connectCalendarSchema.safeParse(body);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });
export type CalendarForm = z.input<typeof calendarFormSchema>;
