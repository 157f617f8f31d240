// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from './api-client';
import type * as EarlyReports from './early-reports';

// Spec §8 and §9 (issue 26 item 5): a failed, non-OK or slow API call is reported from the very
// first request, before the lazily loaded analytics code has started, and handed to it then.

type Modules = {
  api: typeof ApiClient;
  reports: typeof EarlyReports;
};

async function fresh(): Promise<Modules> {
  vi.resetModules();
  return { api: await import('./api-client'), reports: await import('./early-reports') };
}

function answer(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({}), { status })),
  );
}

beforeEach(() => {
  history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('API calls reported before analytics has loaded', () => {
  it('keeps a failing /api/settings at start and hands it over, then reports live', async () => {
    const { api, reports } = await fresh();
    answer(500);
    await expect(api.api.get('/api/settings')).rejects.toThrow('HTTP error! status: 500');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.api.get('/api/pain-points')).rejects.toThrow('could not reach the server');

    const received: { action: string; data: unknown; page: string }[] = [];
    reports.handOver((report) => received.push(report));
    expect(received).toEqual([
      expect.objectContaining({
        action: 'api_request_failed',
        data: { path: '/api/settings', status: 500 },
        page: '/',
      }),
      expect.objectContaining({
        action: 'api_request_failed',
        data: { path: '/api/pain-points', status: 0 },
      }),
    ]);

    // once handed over, each report goes at once; a search's text never leaves the browser
    answer(404);
    await api.api.get('/api/address/search?q=12%20Smith%20St').catch(() => {});
    expect(received.at(-1)).toMatchObject({
      action: 'api_request_failed',
      data: { path: '/api/address/search', status: 404 },
    });
  });

  it('reports a call slower than 2 s as performance_warning, and never the reporting itself', async () => {
    const { api, reports } = await fresh();
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        now += 2001;
        return new Response('{}', { status: 200 });
      }),
    );
    await api.api.get('/api/availability');
    answer(500);
    await api.api.post('/api/analytics', { events: [] }).catch(() => {});
    vi.spyOn(performance, 'now').mockImplementation(() => 0);
    answer(200);
    await api.api.get('/api/settings'); // quick and OK: nothing

    const received: { action: string; data: unknown }[] = [];
    reports.handOver((report) => received.push(report));
    expect(received).toEqual([
      expect.objectContaining({
        action: 'performance_warning',
        data: { path: '/api/availability', ms: 2001 },
      }),
    ]);
  });

  it('keeps at most 50 reports while nothing takes them', async () => {
    const { reports } = await fresh();
    for (let i = 0; i < 60; i++) reports.report('api_request_failed', { path: `/api/x${i}` });
    const received: unknown[] = [];
    reports.handOver((report) => received.push(report));
    expect(received).toHaveLength(reports.maxWaiting);
  });
});
