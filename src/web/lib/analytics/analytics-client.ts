import { sampleInput } from '#shared/analytics/analytics-input.ts';
import { customerSteps, stepPagesBeforeBooking } from '#shared/analytics/customer-steps.ts';
import { request } from '#web/lib/api-client.ts';
import { activityBody } from '#web/lib/customer-steps.ts';
import { handOver, type Report } from '#web/lib/early-reports.ts';
import { readLanding } from '#web/lib/landing.ts';
import { getSessionId } from '#web/lib/session-id.ts';

// Spec §3 "Analytics event", §4 "Journey", §8 api_request_failed, §9 performance diagnostics and
// the analytics input rule. Events are queued and sent in batches (one request, one insert on
// the server); what is left when the page is hidden goes as a beacon with the abandonment.
// Loaded lazily with the session timer: nothing here is on the first screen's bytes.

interface QueuedEvent {
  sessionId: string;
  action: string;
  page: string;
  data?: Record<string, string | number | boolean | null>;
  timestamp: string;
}

const endpoint = '/api/analytics';
const flushEveryMs = 5000;
const maxBatch = 50;

const queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

export function track(action: string, data?: QueuedEvent['data']): void {
  enqueue({
    action,
    page: location.pathname,
    ...(data && { data }),
    timestamp: new Date().toISOString(),
  });
}

/** An event as it happened (a report from before this code loaded keeps its page and time). */
function enqueue(event: Omit<QueuedEvent, 'sessionId'>): void {
  queue.push({ sessionId: getSessionId(), ...event });
  if (queue.length >= maxBatch) void flush();
  else timer ??= setTimeout(() => void flush(), flushEveryMs);
}

async function flush(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const events = queue.splice(0, maxBatch);
  if (events.length === 0) return;
  try {
    await request(endpoint, { method: 'POST', body: { events } });
  } catch {
    // analytics never gets in the way: a lost batch is only lost
  }
  if (queue.length > 0) timer ??= setTimeout(() => void flush(), flushEveryMs);
}

/** A beacon, else a keepalive request; the demo build sends nothing (its api client answers). */
function sendBeacon(path: string, payload: unknown): void {
  const body = new Blob([JSON.stringify(payload)], { type: 'application/json' });
  if (import.meta.env.MODE === 'demo' || !navigator.sendBeacon(path, body))
    void request(path, { method: 'POST', body: payload, keepalive: true }).catch(() => {});
}

/** Page hidden: the journey is abandoned and the queue leaves as a beacon (it survives unload). */
function sendOnHide(): void {
  track('journey_abandon');
  // on a step before booking, the lead's timeline says the customer left there (a later step of
  // the same visit takes it back: a reload hides the page too)
  if (stepPagesBeforeBooking.includes(location.pathname)) {
    sendBeacon('/api/activities', activityBody(customerSteps.left));
  }
  clearTimeout(timer);
  timer = undefined;
  const events = queue.splice(0, maxBatch);
  // the demo build sends nothing: its api client answers in the browser (ADR 026)
  sendBeacon(endpoint, { events });
  journeyOpen = false;
}

const stepOf = (path: string) => (path === '/' ? 'contact' : (path.slice(1).split('/')[0] ?? ''));
let journeyOpen = false;
let lastPath = '';

/** A screen was shown: the journey's next step (started first, with the landing's UTM data). */
function recordScreen(): void {
  const path = location.pathname;
  if (path === lastPath) return;
  lastPath = path;
  if (!journeyOpen) {
    const landing = readLanding();
    const utm = landing?.utm ?? {};
    track('journey_start', {
      ...utm,
      ...(landing?.referrer && { referrer: landing.referrer.slice(0, 200) }),
      ...(landing && { landingPage: landing.landingPage.slice(0, 200) }),
    });
    journeyOpen = true;
  }
  const step = stepOf(path);
  track('journey_step', { step });
  if (step === 'confirmation') {
    track('journey_complete');
    journeyOpen = false;
  }
}

/** Field-level events under the analytics input rule (spec §9); never a personal field's text. */
function onInput(event: Event): void {
  const target = event.target;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
  if (target.type === 'password' || !target.name) return;
  const sample = sampleInput(target.name, target.value);
  if (sample) track('field_input', { ...sample });
}

let started = false;

export function startAnalytics(): void {
  if (started) return;
  started = true;
  // failed and slow API calls, a failed Contact submit: from before this code loaded, then live
  handOver((report: Report) => enqueue(report));
  addEventListener('input', onInput, { capture: true, passive: true });
  addEventListener('pagehide', sendOnHide);
  addEventListener('pageshow', (event) => {
    if (event.persisted) recordScreen(); // back from the cache: a new journey
  });
  // the app's router changes the path without an event of its own: looked at once a second
  recordScreen();
  setInterval(recordScreen, 1000);
}
