import {
  activityThrottleMs,
  minutesLeft,
  sessionPollMs,
  sessionStatus,
  type SessionStatus,
} from '#shared/session/session-lifetime.ts';
import { request } from '#web/lib/api-client.ts';
import { getSessionId } from '#web/lib/session-id.ts';
import { readText, writeText } from '#web/lib/storage.ts';
import { storedName, storageKeys } from '#web/lib/storage-keys.ts';
import { sessionLapsed } from '#web/lib/session-lapse.ts';
import { expireBrowserSession } from './expire-browser-session';
import { noticeState, setNotice } from './session-store';

// Spec §4 "Session lifetime" in the browser. The last activity is kept in localStorage, so every
// tab of the visitor shares one timer: activity in one tab is seen by the others through the
// storage event (and clears their warning). Loaded lazily: never on the first screen's bytes.

const activityKey = storageKeys.sessionActivity;
const activityEvents = ['click', 'scroll', 'keydown', 'mousemove'] as const;

function lastActivity(): number | null {
  const stored = Number(readText(activityKey));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

let lastPost = 0;
let trailing: ReturnType<typeof setTimeout> | undefined;
// The warning shows once until it clears. A dismissal holds for one idle spell: the spell is named
// by the last activity it began with, so any activity (in any tab, the Dismiss press included)
// starts a new spell that warns again.
let shownFor: number | null = null;
let dismissedFor: number | null | undefined;

function postActivity() {
  lastPost = Date.now();
  void request('/api/analytics/session/activity', {
    method: 'POST',
    body: { sessionId: getSessionId(), action: 'activity', page: location.pathname },
  }).catch(() => {}); // the poll falls back to local timing
}

/** At most one POST per 30 s: at once after a quiet spell, then once at the end of the window. */
function throttledActivityPost() {
  const wait = lastPost + activityThrottleMs - Date.now();
  if (wait <= 0) postActivity();
  else trailing ??= setTimeout(() => ((trailing = undefined), postActivity()), wait);
}

function onActivity() {
  if (noticeState().kind === 'expired') return;
  const now = Date.now();
  // mousemove fires often: storage is written at most once a second
  if (now - (lastActivity() ?? 0) >= 1000) writeText(activityKey, String(now));
  throttledActivityPost();
  if (noticeState().kind === 'warning') clearWarning();
}

function clearWarning() {
  setNotice({ kind: 'none' });
}

/** The server's view and this browser's: the session ends at the sooner of the two. */
function sooner(server: SessionStatus | null, local: SessionStatus): SessionStatus {
  if (!server || server.timeUntilExpiry === null) return local;
  if (local.timeUntilExpiry === null) return server;
  return server.timeUntilExpiry < local.timeUntilExpiry ? server : local;
}

async function serverStatus(): Promise<SessionStatus | null> {
  try {
    return await request<SessionStatus>('/api/analytics/session/status', {
      method: 'POST',
      body: { sessionId: getSessionId() },
    });
  } catch {
    return null; // spec §8: the status check fails → local timing
  }
}

let checking = false;
async function check() {
  if (checking || noticeState().kind === 'expired') return;
  checking = true;
  try {
    const server = await serverStatus();
    const last = lastActivity();
    const status = sooner(server, sessionStatus(last === null ? null : new Date(last), new Date()));
    apply(status);
  } finally {
    checking = false;
  }
}

/** The session id when this tab's timer started: another tab that replaces it expired it. */
let sessionAtStart = '';

/**
 * Expires the session unless another tab is doing it or has done it. Two tabs whose timers fire
 * together both read the old id (one tab's localStorage write reaches the other a moment later),
 * so the tabs take a Web Lock named after the session instead; the tab that gets it keeps it while
 * it stays open, and the others leave the expiry to it.
 */
async function expireOnce(sessionId: string) {
  const expire = () =>
    expireBrowserSession(Date.now()).then(() => writeText(activityKey, String(Date.now())));
  if (!('locks' in navigator)) return expire();
  await navigator.locks.request(`session-expiry:${sessionId}`, { ifAvailable: true }, (lock) =>
    lock ? expire().then(() => new Promise<never>(() => {})) : undefined,
  );
}

function apply(status: SessionStatus) {
  if (status.isExpired) {
    setNotice({ kind: 'expired' });
    // one session for all tabs: when another tab has replaced it already, this one only shows it
    if (getSessionId() !== sessionAtStart) return;
    void expireOnce(sessionAtStart);
  } else if (status.isWarning && status.timeUntilExpiry !== null) {
    const spell = lastActivity();
    if (spell !== dismissedFor) {
      shownFor = spell;
      setNotice({ kind: 'warning', minutesLeft: minutesLeft(status.timeUntilExpiry) });
    }
  } else if (noticeState().kind === 'warning') {
    clearWarning();
  }
}

/** 'Stay Active': counts as activity, sent at once. */
export function stayActive() {
  writeText(activityKey, String(Date.now()));
  postActivity();
  clearWarning();
}

export function dismissWarning() {
  dismissedFor = shownFor;
  setNotice({ kind: 'none' });
}

let started = false;

/** Starts the timer once per page; later calls do nothing. */
export function startSessionLifetime(): void {
  if (started) return;
  started = true;
  if (sessionLapsed(Date.now())) {
    // a visit after the session lapsed with no page open (a shared computer): main.tsx dropped
    // the personal drafts before the first paint (lib/session-lapse.ts); the session id goes
    // now and the server is told. No reload: what this visitor has typed since stays.
    void expireBrowserSession(Date.now());
  }
  writeText(activityKey, String(Date.now()));
  sessionAtStart = getSessionId();
  for (const type of activityEvents) {
    addEventListener(type, onActivity, { capture: true, passive: true });
  }
  addEventListener('storage', (event) => {
    if (event.key === storedName(activityKey)) {
      // activity in another tab clears this tab's warning
      const now = lastActivity();
      if (now !== null && noticeState().kind === 'warning') {
        apply(sessionStatus(new Date(now), new Date()));
      }
    }
    // another tab expired the session: this one's page is stale too
    if (event.key === storedName(storageKeys.sessionId) && event.newValue !== sessionAtStart) {
      if (noticeState().kind !== 'expired') setNotice({ kind: 'expired' });
    }
  });
  setInterval(() => void check(), sessionPollMs);
  void check();
}
