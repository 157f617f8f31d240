import type { FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Socket } from 'node:net';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Config } from '#server/config.ts';
import { helmetHeaders } from '#server/lib/helmet-headers.ts';
import { redisRateLimitStore } from '#server/lib/rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of public, state-changing routes: one shared budget per client address. */
    publicWriteLimit: onRequestHookHandler;
    /**
     * onRequest hook of public reads: each call is a budget of its own per client address (as
     * large as the writes'), so reading a page's data costs no form its submissions.
     */
    publicReadLimit: () => onRequestHookHandler;
    /** Helmet's headers, for answers written before any hook runs (plugins/framework-errors.ts). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

function servedOverHttps(config: Config): boolean {
  return config.publicUrl !== undefined && new URL(config.publicUrl).protocol === 'https:';
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const helmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-site API only; a stricter policy than helmet's defaults.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Whenever browsers reach the app over HTTPS, also when TLS ends at a proxy in front; never
    // when they use plain HTTP (a browser ignores it there, and it would pin a wrong promise).
    strictTransportSecurity: servedOverHttps(config),
  } satisfies FastifyHelmetOptions;
  const securityHeaders = helmetHeaders(helmetOptions);
  app.decorate('securityHeaders', securityHeaders);
  // Helmet's headers worked out once (lib/helmet-headers.ts) and set on every answer: the
  // @fastify/helmet plugin ran helmet's middleware per request, re-parsing the CSP each time
  // (an eighth of the CPU of a cached availability answer, ADR 024). A route needing another
  // policy sets its own header after this hook, as the API reference and uploads do.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // The client's address is read when it connects (Node keeps it): once Node's parser has refused
  // a request (a broken chunked body) the socket is closed, and a rate-limit hook still running
  // for it would find no address and fail with a TypeError logged as an error.
  app.server.on('connection', (socket: Socket) => void socket.remoteAddress);
  await app.register(rateLimit, { global: false, ...(await sharedCounters(app, config)) });
  // One handler (so one store) shared by every public form route: a bot cannot multiply its
  // budget by spreading over endpoints.
  const publicLimit = () =>
    app.rateLimit({
      max: config.rateLimit.publicMax,
      timeWindow: config.rateLimit.windowSeconds * 1000,
    });
  app.decorate('publicWriteLimit', publicLimit());
  app.decorate('publicReadLimit', publicLimit);
}

/**
 * With REDIS_URL, the rate-limit counters live in Redis so every app process counts one budget
 * per client (ADR 024); without, each process keeps its own in memory. Redis unreachable: the
 * limit is skipped (logged) rather than refusing customers or waiting on a queue of commands.
 */
async function sharedCounters(app: FastifyInstance, config: Config) {
  if (!config.redis.url) return {};
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redis.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis for rate limits unreachable'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return {
    store: redisRateLimitStore(redis, `${config.redis.keyPrefix}rate-limit:`),
    skipOnError: true,
  };
}
