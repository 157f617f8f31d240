import { useEffect, useRef } from 'react';
import { useNavigate } from './router';
import { loadSessionLifetime } from './session-lifetime/load';

/**
 * Steps are taken in order, none skipped: `redirectTo` names the step to go back to, or null
 * when this one may stay. It runs after the commit, once the previous step has saved its last
 * edits (their autosave flushes on unmount); reading storage during render could miss them.
 */
export function useStepGuard(redirectTo: () => string | null): void {
  const navigate = useNavigate();
  const check = useRef(redirectTo);
  useEffect(() => {
    const target = check.current();
    if (target !== null) void navigate(target, { replace: true });
  }, [navigate]);
  // every later step runs the session timer (spec §4)
  useEffect(loadSessionLifetime, []);
}
