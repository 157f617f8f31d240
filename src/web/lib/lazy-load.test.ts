import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkTimeoutMs, lazyWithPreload, withTimeout } from './lazy-load';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('fails a chunk that has not arrived in 120 s', async () => {
    const never = new Promise<never>(() => {});
    const loading = withTimeout(never);
    const outcome = expect(loading).rejects.toThrow('longer than 120 s');
    await vi.advanceTimersByTimeAsync(chunkTimeoutMs);
    await outcome;
  });

  it('passes a chunk through that arrives in time', async () => {
    const loading = withTimeout(Promise.resolve('chunk'));
    await expect(loading).resolves.toBe('chunk');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('lazyWithPreload', () => {
  it('downloads once however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ default: () => null }));
    const Page = lazyWithPreload(load);
    await Promise.all([Page.preload(), Page.preload()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => null }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: () => null });
    const Page = lazyWithPreload(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await expect(Page.preload()).resolves.toHaveProperty('default');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
