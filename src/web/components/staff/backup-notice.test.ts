import { describe, expect, it } from 'vitest';
import { backupProblem } from './backup-notice';
import type { BackupRun, BackupStatus } from './backup-status';

const run = (overrides: Partial<BackupRun>): BackupRun => ({
  id: 'r1',
  trigger: 'schedule',
  startedAt: '2026-11-27T15:30:00.000Z',
  finishedAt: '2026-11-27T15:31:00.000Z',
  outcome: 'succeeded',
  sizeBytes: 1_000_000,
  error: null,
  ...overrides,
});

const status = (overrides: Partial<BackupStatus>): BackupStatus => ({
  configured: true,
  destination: '/srv/backups',
  time: '02:30',
  keep: 14,
  encrypted: false,
  state: 'ok',
  lastSuccessAt: '2026-11-26T15:31:00.000Z',
  nextAt: '2026-11-29T15:30:00.000Z',
  failuresInARow: 0,
  runs: [],
  ...overrides,
});

describe('backupProblem', () => {
  it.each(['ok', 'none-yet', 'running', 'not-configured'] as const)('nothing when %s', (state) => {
    expect(backupProblem(status({ state }))).toBeNull();
  });

  it("a failure names the latest failed run's error and the last good backup, in Melbourne", () => {
    const problem = backupProblem(
      status({
        state: 'failed',
        failuresInARow: 2,
        runs: [
          run({ id: 'r3', outcome: 'failed', error: 'The disk is full.' }),
          run({ id: 'r2', outcome: 'failed', error: 'older' }),
        ],
      }),
    );
    expect(problem?.lines).toEqual([
      'The last backup failed: The disk is full.',
      '2 backups in a row have failed.',
      'The last good backup was made on Friday 27 November 2026, 2:31 am.',
    ]);
  });

  it('a missed night says so, and that there is no good backup yet', () => {
    const problem = backupProblem(status({ state: 'missed', lastSuccessAt: null }));
    expect(problem?.lines[0]).toMatch(/^Last night's backup did not run/);
    expect(problem?.lines.at(-1)).toBe('There is no good backup yet.');
  });
});
