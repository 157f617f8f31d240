import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { addressRoutes } from './features/address/address.routes';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { customersRoutes } from './features/customers/customers.routes';
import { estimatesRoutes } from './features/estimates/estimates.routes';
import { healthRoutes } from './features/health/health.routes';
import { leadsRoutes } from './features/leads/leads.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { createMapsProvider } from './integrations/maps/create-maps-provider';
import type { MapsProvider } from './integrations/maps/maps-provider';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    maps: MapsProvider;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Address suggestions; tests may pass their own, else chosen from config. */
  maps?: MapsProvider;
}

/** Builds the whole app without listening: main.ts listens, tests call app.inject. */
export async function buildApp({ config, database, maps }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('maps', maps ?? createMapsProvider(config, app.log));

  registerErrorHandling(app);
  await registerSecurity(app, config);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(addressRoutes, { prefix: '/address' });
      await api.register(catalogueRoutes);
      await api.register(settingsRoutes);
      await api.register(customersRoutes);
      await api.register(sessionsRoutes);
      await api.register(leadsRoutes);
      await api.register(estimatesRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app);
  return app;
}
