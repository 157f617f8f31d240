import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin-routes';
import { staffRoutes } from './staff-routes';
import type { Config } from './config';
import type { Listening } from './db/change-listener';
import type { Database } from './db/client';
import { addressRoutes } from './features/address/address.routes';
import { attributionRoutes } from './features/attribution/attribution.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { promoLookupRoutes } from './features/admin-promo-codes/admin-promo-codes.routes';
import { availabilityRoutes } from './features/availability/availability.routes';
import { bookingRulesRoutes } from './features/booking-rules/booking-rules.routes';
import { bookingsRoutes } from './features/bookings/bookings.routes';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { customersRoutes } from './features/customers/customers.routes';
import { estimatesRoutes } from './features/estimates/estimates.routes';
import { prepareStoredSecrets } from './features/setting-secrets/stored-secrets.service';
import { ensureBootstrapAdmin } from './features/staff-auth/bootstrap-admin';
import { healthRoutes } from './features/health/health.routes';
import { holdsRoutes } from './features/holds/holds.routes';
import { leadsRoutes } from './features/leads/leads.routes';
import { manageRoutes } from './features/manage/manage.routes';
import { calendarFeedRoutes } from './features/calendar-sync/calendar-sync.routes';
import { sessionEventsRoutes } from './features/session-events/session-events.routes';
import { sessionLifetimeRoutes } from './features/session-lifetime/session-lifetime.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { staffAuthRoutes } from './features/staff-auth/staff-auth.routes';
import { twilioWebhookRoutes } from './features/twilio-webhooks/twilio-webhooks.routes';
import { uploadsRoutes } from './features/uploads/uploads.routes';
import { createDriveTimes, createMapsProvider } from './integrations/maps/create-maps-provider';
import type { DriveTimes } from './integrations/maps/drive-times';
import type { MapsProvider } from './integrations/maps/maps-provider';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { frameworkErrorOptions } from './plugins/framework-errors';
import { registerRequestChecks } from './plugins/request-checks';
import { registerFramePolicy } from './plugins/frame-policy';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { logOptions, type LogStream } from './lib/log-options';
import { AvailabilityCache, availabilityChannel } from './lib/availability-cache';
import { parseCalendarChange } from './lib/calendar-change';
import { SettingSecrets } from './lib/setting-secrets';
import { MessageQueue } from './messages/message-queue';
import { Outbox } from './messages/outbox';
import { fastifyTrustProxy } from './lib/trust-proxy';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    maps: MapsProvider;
    /** Drive times between places: the estimator, or Google's route matrix with the key. */
    driveTimes: DriveTimes;
    /** The current instant for domain logic (booking windows, holds); tests freeze it. */
    now: () => Date;
    /** Encrypts secret settings with SETTINGS_ENCRYPTION_KEY (refuses to save them without). */
    settingSecrets: SettingSecrets;
    /** Outbound messages, queued on the transaction of the change that causes them. */
    outbox: Outbox;
    /** The booking calendar as last read, dropped on every write (ADR 024). */
    availabilityCache: AvailabilityCache;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Address suggestions; tests may pass their own, else chosen from config. */
  maps?: MapsProvider;
  /** Drive times; tests may pass their own, else chosen from config. */
  driveTimes?: DriveTimes;
  /** The clock; defaults to the system clock. */
  now?: () => Date;
  /** Where log lines go; defaults to stdout. Tests read them to check nothing secret is logged. */
  logStream?: LogStream;
}

/**
 * The cached booking calendar (ADR 024, ADR 051) follows the database's notifications of each
 * changed booking or hold, from this process or any other. PGlite delivers them as the write's
 * statement returns; PostgreSQL a little later, so there a read first waits for a marker sent
 * on the listening connection after it began (read-your-writes, and everyone else's).
 */
async function registerAvailabilityCache(app: FastifyInstance) {
  // the cache sends its markers through the listening connection it is given changes by
  const channel: { listening?: Listening } = {};
  const notify = (payload: string) =>
    channel.listening?.notify?.(payload) ?? Promise.reject(new Error('not listening'));
  const cache = new AvailabilityCache(app.database.driver === 'postgres' ? notify : undefined);
  app.decorate('availabilityCache', cache);
  channel.listening = await app.database.listen(availabilityChannel, (payload) =>
    cache.apply(parseCalendarChange(payload)),
  );
  app.addHook('onClose', async () => channel.listening?.unlisten());
}

/**
 * Every route validates and serialises with zod's compilers (set on the app). Without factories of
 * its own, Fastify loads Ajv and fast-json-stringify for its default compilers at start-up (about
 * 0.1 s of every start), which nothing here uses.
 */
const zodCompilersOnly: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: () => validatorCompiler as never,
    buildSerializer: () => serializerCompiler as never,
  },
};

/** Builds the whole app without listening: main.ts listens, tests call app.inject. */
export async function buildApp({
  config,
  database,
  maps,
  driveTimes,
  now,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : logOptions(config.logLevel, logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...frameworkErrorOptions,
    schemaController: zodCompilersOnly,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('maps', maps ?? createMapsProvider(config, app.log));
  app.decorate('driveTimes', driveTimes ?? createDriveTimes(config, app.log));
  app.decorate('now', now ?? (() => new Date()));
  app.decorate('settingSecrets', new SettingSecrets(config.settingsEncryption.key));
  // the same clock in production; a test's frozen clock still lets pg-boss run due jobs
  const clocks = { app: () => app.now(), real: () => new Date() };
  app.decorate('outbox', new Outbox(new MessageQueue(database, config.queue), clocks));

  await registerAvailabilityCache(app);
  registerErrorHandling(app);
  registerRequestChecks(app);
  await registerSecurity(app, config);
  registerFramePolicy(app);
  // before every route: its hooks (CSRF, route inventory) must cover them all
  await app.register(cookie);
  await registerAuth(app, config);
  await ensureBootstrapAdmin(database.db, config.staffAuth.bootstrapAdmin, app.log);
  await prepareStoredSecrets(database.db, config.settingsEncryption.key, app.log);
  // before the routes: each hooks the routes as they are added (compression, API description)
  await registerCompression(app);
  await registerApiDocs(app);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(addressRoutes, { prefix: '/address' });
      await api.register(catalogueRoutes);
      await api.register(settingsRoutes);
      await api.register(customersRoutes);
      await api.register(sessionsRoutes);
      await api.register(leadsRoutes);
      await api.register(attributionRoutes);
      await api.register(estimatesRoutes);
      await api.register(staffAuthRoutes);
      await api.register(uploadsRoutes);
      await api.register(availabilityRoutes);
      await api.register(bookingRulesRoutes);
      await api.register(holdsRoutes);
      await api.register(bookingsRoutes);
      await api.register(manageRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(sessionEventsRoutes);
      await api.register(sessionLifetimeRoutes);
      await api.register(analyticsRoutes);
      await api.register(promoLookupRoutes);
      await api.register(twilioWebhookRoutes);
      await api.register(staffRoutes);
      await api.register(adminRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app);
  return app;
}
