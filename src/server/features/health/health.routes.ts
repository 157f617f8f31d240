import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
  }),
  uptimeSeconds: z.number(),
});

/** Liveness and the spec's latency probe: answers 503 while the database cannot be reached. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        description:
          'Liveness and the database check: its driver and round-trip time. 503 with status "degraded" while the database cannot be reached.',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const database = app.database;
      let latencyMs: number | null = null;
      try {
        latencyMs = await database.ping();
      } catch (err) {
        app.log.warn({ err }, 'database ping failed');
      }
      const reachable = latencyMs !== null;
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        database: { driver: database.driver, reachable, latencyMs },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
