import { queryOptions } from '@tanstack/react-query';
import type { PainPoint } from '#shared/catalogue/catalogue.contract.ts';
import { api } from './api-client';
import { writeJson } from './storage';
import { storageKeys } from './storage-keys';

// Not in queries.ts: that module is on the first screen, and only the later steps need this.
// Spec §3/§8: the list the server gives is kept in the browser; when the server cannot give it,
// the kept list's active entries, or else the built-in defaults, are used (built-in-defaults.ts).
export const painPointsQuery = queryOptions({
  queryKey: ['pain-points'],
  queryFn: async ({ signal }) => {
    let painPoints: PainPoint[];
    try {
      ({ painPoints } = await api.get<{ painPoints: PainPoint[] }>('/api/pain-points', signal));
    } catch (error) {
      if (signal.aborted) throw error; // a cancelled query, not a failure
      const { fallbackPainPoints } = await import('./built-in-defaults');
      return fallbackPainPoints();
    }
    writeJson(storageKeys.painPoints, painPoints);
    return painPoints.filter((painPoint) => painPoint.active);
  },
});
