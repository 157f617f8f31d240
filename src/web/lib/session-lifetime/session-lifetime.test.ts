// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityThrottleMs, sessionPollMs } from '#shared/session/session-lifetime.ts';

// Spec §4 "Session lifetime", §8 and §9 in the browser (issue 26 item 5): the rules that existed
// with no test of their own. The module keeps its state per page, so each test loads it afresh.

const activityPath = '/api/analytics/session/activity';
const statusPath = '/api/analytics/session/status';
const start = new Date('2026-11-23T09:00:00+11:00');

let calls: string[];
let statusAnswer: () => Response;
const listeners: [string, EventListenerOrEventListenerObject][] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  localStorage.clear();
  calls = [];
  statusAnswer = () =>
    Response.json({
      isExpired: false,
      isWarning: false,
      timeUntilExpiry: 3_600_000,
      shouldClearBookingData: false,
      message: 'Session active',
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      calls.push(path);
      return path === statusPath ? statusAnswer() : new Response('{}', { status: 200 });
    }),
  );
  // the module listens on the window: each test's listeners go with it
  const add = globalThis.addEventListener.bind(globalThis);
  vi.spyOn(globalThis, 'addEventListener').mockImplementation((type, listener, options) => {
    if (listener) listeners.push([type, listener]);
    add(type, listener, options);
  });
});
afterEach(() => {
  for (const [type, listener] of listeners.splice(0)) {
    globalThis.removeEventListener(type, listener, { capture: true });
    globalThis.removeEventListener(type, listener);
  }
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function startTimer() {
  vi.resetModules();
  const lifetime = await import('./session-lifetime');
  const store = await import('./session-store');
  lifetime.startSessionLifetime();
  await vi.advanceTimersByTimeAsync(0);
  return { lifetime, store };
}

const count = (path: string) => calls.filter((c) => c === path).length;
const click = () => dispatchEvent(new MouseEvent('click'));

describe('the session timer in the browser', () => {
  it('records activity at most once every 30 s: at once after a quiet spell, then at the window end', async () => {
    await startTimer();
    expect(count(activityPath)).toBe(0);
    click();
    await vi.advanceTimersByTimeAsync(0);
    expect(count(activityPath)).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    click();
    await vi.advanceTimersByTimeAsync(10_000);
    click();
    dispatchEvent(new KeyboardEvent('keydown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(count(activityPath)).toBe(1);
    await vi.advanceTimersByTimeAsync(activityThrottleMs - 11_000 - 1);
    expect(count(activityPath)).toBe(1);
    await vi.advanceTimersByTimeAsync(1); // 30 s after the first: the spell's trailing record
    expect(count(activityPath)).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    click();
    await vi.advanceTimersByTimeAsync(activityThrottleMs - 5000 - 1);
    expect(count(activityPath)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(activityPath)).toBe(3);
  });

  it('asks the server for the status at start and every 60 s', async () => {
    await startTimer();
    expect(count(statusPath)).toBe(1);
    await vi.advanceTimersByTimeAsync(sessionPollMs - 1);
    expect(count(statusPath)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(statusPath)).toBe(2);
    await vi.advanceTimersByTimeAsync(sessionPollMs * 3);
    expect(count(statusPath)).toBe(5);
  });

  it('falls back to local timing when the status check fails: the warning still comes at 55 min', async () => {
    statusAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    const { store } = await startTimer();
    await vi.advanceTimersByTimeAsync(54 * 60_000);
    expect(store.noticeState()).toEqual({ kind: 'none' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.noticeState()).toEqual({ kind: 'warning', minutesLeft: 5 });
    expect(count(statusPath)).toBeGreaterThan(50); // asked every time, failing every time
  });
});

describe('the expiry and completion notices', () => {
  it('a failing notice is logged only: the new session stands and nothing is thrown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.resetModules();
    const { expireBrowserSession } = await import('./expire-browser-session');
    const { startFreshSession, reportSessionCompleted } = await import('#web/lib/fresh-session.ts');
    const { getSessionId } = await import('#web/lib/session-id.ts');

    const before = getSessionId();
    const expired = await expireBrowserSession(Date.now());
    expect(expired).not.toBe(before);
    expect(getSessionId()).toBe(expired);
    const change = startFreshSession();
    await expect(reportSessionCompleted(change)).resolves.toBeUndefined();
    expect(getSessionId()).toBe(change.newSessionId);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'Could not report the expired session',
      'Could not report the completed booking session',
    ]);
    expect(error).not.toHaveBeenCalled();
  });
});
