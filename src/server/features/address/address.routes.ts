import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/address/suggest and GET /api/address/place/:id (in progress). */
export const addressRoutes: FastifyPluginAsyncZod = async () => {};
