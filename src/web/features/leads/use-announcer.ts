import { useCallback, useState } from 'react';

export interface Announcer {
  /** Something worked: said politely ("Note added"). */
  say: (text: string) => void;
  /** Something failed: said at once. */
  fail: (text: string) => void;
}

// The same words twice in a row would not change the region, and would not be read again:
// every other time they carry a no-break space, which changes the text but not what is heard.
const fresh = (text: string, previous: string) => (previous === text ? `${text}\u00a0` : text);

/** The lead page's two live regions: a status for what worked, an alert for what failed. */
export function useAnnouncer() {
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const say = useCallback((text: string) => {
    setProblem('');
    setNotice((previous) => fresh(text, previous));
  }, []);
  const fail = useCallback((text: string) => {
    setNotice('');
    setProblem((previous) => fresh(text, previous));
  }, []);
  return { notice, problem, announcer: { say, fail } satisfies Announcer };
}

/** The message of a failed request, for the alert. */
export const problemText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';
