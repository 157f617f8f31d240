import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  trakIntegrationBodySchema,
  trakIntegrationResponseSchema,
} from '#shared/admin/integrations.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

export type TrakIntegration = z.infer<typeof trakIntegrationResponseSchema>;
export type TrakIntegrationValues = z.input<typeof trakIntegrationBodySchema>;
export type TrakIntegrationBody = z.output<typeof trakIntegrationBodySchema>;

const path = '/api/admin/trak-integration';

/** The job-tracking link; the API key comes back as a mask only. */
export const trakIntegrationQuery = queryOptions({
  queryKey: [...adminQueryKey, 'trak-integration'],
  queryFn: ({ signal }) => api.get<TrakIntegration>(path, signal),
});

export const saveTrakIntegration = (body: TrakIntegrationBody) =>
  api.post<TrakIntegration>(path, body);
