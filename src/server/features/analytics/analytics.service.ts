import type { Db } from '#server/db/client.ts';
import type { AnalyticsEvent } from '#shared/analytics/analytics.contract.ts';
import { sessionSteps } from '#shared/session/session.contract.ts';
import * as repo from './analytics.repository';

/** The journey of spec §3/§4 is driven by these events; every other action is only counted. */
export const journeyActions = {
  start: 'journey_start',
  step: 'journey_step',
  complete: 'journey_complete',
  abandon: 'journey_abandon',
} as const;
const journeyActionSet = new Set<string>(Object.values(journeyActions));

const dayMs = 24 * 60 * 60_000;

/** The browser's time when believable (a queued batch arrives late), else the server's. */
function eventTime(event: AnalyticsEvent, now: Date): Date {
  if (!event.timestamp) return now;
  const sent = new Date(event.timestamp);
  return Math.abs(sent.getTime() - now.getTime()) <= dayMs ? sent : now;
}

const asText = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * Stores a batch: every event in one insert, then the few journey events (one per screen) on
 * their journeys, in order.
 */
export async function recordEvents(
  db: Db,
  events: AnalyticsEvent[],
  context: { now: Date; userAgent: string | undefined },
) {
  await repo.insertEvents(
    db,
    events.map((event) => ({
      sessionId: event.sessionId,
      action: event.action,
      page: event.page ?? null,
      data: event.data ?? null,
      userAgent: (event.userAgent ?? context.userAgent)?.slice(0, 500) ?? null,
      timestamp: eventTime(event, context.now),
    })),
  );
  for (const event of events) {
    if (journeyActionSet.has(event.action)) {
      await applyJourneyEvent(db, event, eventTime(event, context.now));
    }
  }
  return { accepted: events.length };
}

async function openJourney(db: Db, event: AnalyticsEvent, at: Date) {
  const open = await repo.findOpenJourney(db, event.sessionId);
  if (open) return open;
  const data = event.data ?? {};
  // started with the session's UTM data; before the server has it, with the landing's
  const utmData = (await repo.findSessionUtm(db, event.sessionId)) ?? {
    ...Object.fromEntries(
      ['source', 'medium', 'campaign', 'term', 'content']
        .map((key) => [key, asText(data[key])] as const)
        .filter(([, value]) => value !== null),
    ),
  };
  return repo.startJourney(db, {
    sessionId: event.sessionId,
    utmData,
    referrer: asText(data.referrer),
    landingPage: asText(data.landingPage),
    startTime: at,
    lastActive: at,
  });
}

async function applyJourneyEvent(db: Db, event: AnalyticsEvent, at: Date) {
  if (event.action === journeyActions.abandon || event.action === journeyActions.complete) {
    const open = await repo.findOpenJourney(db, event.sessionId);
    if (!open) return;
    await repo.endJourney(
      db,
      open.id,
      event.action === journeyActions.complete ? { completedAt: at } : { abandonedAt: at },
    );
    return;
  }
  const journey = await openJourney(db, event, at);
  if (event.action !== journeyActions.step) return;
  const step = asText(event.data?.step) ?? event.page ?? 'unknown';
  await repo.addJourneyStep(db, {
    journeyId: journey.id,
    step,
    timestamp: at,
    data: event.data ?? null,
  });
  if ((sessionSteps as readonly string[]).includes(step)) {
    await repo.setSessionStep(db, event.sessionId, step, at);
  }
}

export async function readAnalyticsReport(
  db: Db,
  range: { start?: string; end?: string },
  now: Date,
) {
  const end = range.end ? new Date(range.end) : now;
  const start = range.start ? new Date(range.start) : new Date(end.getTime() - 7 * dayMs);
  const report = await repo.readReport(db, start, end);
  return {
    start: start.toISOString(),
    end: end.toISOString(),
    total: report.byAction.reduce((sum, row) => sum + row.count, 0),
    byAction: report.byAction,
    byPage: report.byPage.map((row) => ({ page: row.page ?? '', count: row.count })),
    journeys: report.journeys ?? { started: 0, completed: 0, abandoned: 0 },
    events: report.events.map((event) => ({
      ...event,
      timestamp: event.timestamp.toISOString(),
    })),
  };
}
