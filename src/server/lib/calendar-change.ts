import { z } from 'zod';

/**
 * What a write to bookings or slot_holds notifies (migration 0021, ADR 051): the row as the cached
 * calendar keeps it, or `live: false` when it no longer blocks anything (deleted, cancelled).
 */
const rowChangeSchema = z.discriminatedUnion('live', [
  z.object({ kind: z.enum(['booking', 'hold']), id: z.string(), live: z.literal(false) }),
  z.object({
    kind: z.enum(['booking', 'hold']),
    id: z.string(),
    live: z.literal(true),
    staffId: z.string(),
    start: z.number(),
    end: z.number(),
    sessionId: z.string().nullish(),
    expiresAt: z.number().nullish(),
    /** An onsite visit's place (migration 0023). */
    lat: z.number().nullish(),
    lng: z.number().nullish(),
  }),
]);

export type RowChange = z.output<typeof rowChangeSchema>;
/**
 * A row changed; or anything may have (settings, a TRUNCATE, a reconnect, an unreadable payload);
 * or a session's place may have (migration 0026, ADR 054); or this process's own marker came
 * back, so every change committed before it has arrived.
 */
export type CalendarChange =
  RowChange | { kind: 'everything' } | { kind: 'places' } | { kind: 'echo'; token: string };

const echoPrefix = 'echo:';
export const echoPayload = (token: string) => `${echoPrefix}${token}`;

export function parseCalendarChange(payload: string | undefined): CalendarChange {
  if (!payload) return { kind: 'everything' };
  if (payload === 'places') return { kind: 'places' };
  if (payload.startsWith(echoPrefix))
    return { kind: 'echo', token: payload.slice(echoPrefix.length) };
  try {
    const parsed = rowChangeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : { kind: 'everything' };
  } catch {
    return { kind: 'everything' };
  }
}

export type { CalendarEntry } from '#server/db/booking-store.ts';

/** The calendar's key of a row: bookings and holds have ids of their own kinds. */
export const entryKey = (kind: RowChange['kind'], id: string) => `${kind}:${id}`;
