import { focusManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

// Spec §9 "Data cache" (issue 26 item 5): stale after 5 minutes, kept 10, one retry, no refetch
// when the window gets the focus again.

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('the data cache', () => {
  it('serves from the cache for 5 minutes, then refetches; drops an unused entry after 10', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'settings');
    const options = { queryKey: ['settings'], queryFn };
    await client.fetchQuery(options);
    vi.advanceTimersByTime(5 * 60_000 - 1);
    await client.fetchQuery(options);
    expect(queryFn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await client.fetchQuery(options);
    expect(queryFn).toHaveBeenCalledTimes(2);

    // nothing observes it: kept 10 minutes, then gone
    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect(client.getQueryData(['settings'])).toBe('settings');
    vi.advanceTimersByTime(1);
    expect(client.getQueryData(['settings'])).toBeUndefined();
  });

  it('tries a failing request once more, then gives up', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(async () => {
      throw new Error('HTTP error! status: 500');
    });
    const observer = new QueryObserver(client, { queryKey: ['pain-points'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().status).toBe('error');
    unsubscribe();
  });

  it('does not refetch when the window gets the focus back, even when stale', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'catalogue');
    const observer = new QueryObserver(client, { queryKey: ['catalogue'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(6 * 60_000); // stale now
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
