import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { addressRoutes } from './features/address/address.routes';
import { healthRoutes } from './features/health/health.routes';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
}

/** Builds the whole app without listening: main.ts listens, tests call app.inject. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);

  registerErrorHandling(app);
  await registerSecurity(app, config);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(addressRoutes, { prefix: '/address' });
    },
    { prefix: '/api' },
  );

  await registerSpa(app);
  return app;
}
