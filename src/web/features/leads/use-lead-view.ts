import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from '#web/lib/router.tsx';
import { paths } from '#web/paths.ts';
import { readView, withValues, writeView, type LeadView, type LeadViewPatch } from './lead-view';

// The last list the user looked at, so "All leads" on a lead goes back to the same filters.
let lastListSearch = '';
export const leadsListHref = () => `${paths.leads}${lastListSearch}`;

/** The view in the URL, and a way to change it (a new history entry unless `replace`). */
export function useLeadView() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => readView(search), [search]);
  useEffect(() => {
    lastListSearch = writeView(view);
  }, [view]);

  const show = useCallback(
    (next: LeadView, options: { replace?: boolean } = {}) => {
      const target = writeView(next);
      if (target !== writeView(readView(window.location.search))) {
        navigate(`${paths.leads}${target}`, options);
      }
    },
    [navigate],
  );
  // from the URL as it is now, not as it was rendered: two changes in one tick both count
  const update = useCallback(
    (patch: LeadViewPatch, options?: { replace?: boolean }) =>
      show(withValues(readView(window.location.search), patch), options),
    [show],
  );
  return { view, show, update };
}
