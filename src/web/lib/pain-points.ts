import { queryOptions } from '@tanstack/react-query';
import type { PainPoint } from '#shared/catalogue/catalogue.contract.ts';
import { api } from './api-client';

// Not in queries.ts: that module is on the first screen, and only the later steps need this.
export const painPointsQuery = queryOptions({
  queryKey: ['pain-points'],
  queryFn: ({ signal }) =>
    api
      .get<{ painPoints: PainPoint[] }>('/api/pain-points', signal)
      .then((body) => body.painPoints.filter((painPoint) => painPoint.active)),
});
