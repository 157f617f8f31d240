import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('CLOCK_START', () => {
  it('is unset by default: the system clock', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).clockStart).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', CLOCK_START: '' }).clockStart).toBeUndefined();
  });

  it('starts a test server at an instant given with its offset', () => {
    const config = loadConfig({ NODE_ENV: 'test', CLOCK_START: '2026-11-23T09:00:00+11:00' });
    expect(config.clockStart?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
  });

  it('is refused outside tests, with a message that says why', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      const load = () => loadConfig({ NODE_ENV, CLOCK_START: '2026-11-23T09:00:00+11:00' });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/CLOCK_START is for tests only and needs NODE_ENV=test/);
    }
  });

  it('is refused without an offset or when it is not an instant', () => {
    for (const CLOCK_START of ['2026-11-23T09:00:00', '2026-11-23', 'next monday']) {
      expect(() => loadConfig({ NODE_ENV: 'test', CLOCK_START })).toThrow(
        /CLOCK_START: must be an ISO instant with an offset/,
      );
    }
  });
});
