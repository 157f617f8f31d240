import { describe, expect, it } from 'vitest';
import { optOutIntent } from './opt-out';

describe('optOutIntent', () => {
  it.each([
    'STOP',
    'stop',
    ' Stop ',
    'STOPALL',
    'unsubscribe',
    'Cancel',
    'END',
    'quit',
    'Stop.',
    'STOP!',
  ])('%j stops', (body) => expect(optOutIntent(body)).toBe('stop'));

  it.each(['START', 'start', 'UNSTOP', 'Yes', ' yes\n'])('%j starts again', (body) =>
    expect(optOutIntent(body)).toBe('start'),
  );

  it.each(['', 'Thanks, see you then', 'please stop texting me at night', 'STOP IT', 'yesterday'])(
    '%j is just a reply',
    (body) => expect(optOutIntent(body)).toBeUndefined(),
  );
});
