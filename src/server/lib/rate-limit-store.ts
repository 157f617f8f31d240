import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;
type ChildOptions = FastifyRateLimitOptions & {
  routeInfo?: { method?: string | string[]; url?: string };
};

// The plugin's own Redis store (its Lua counter), not exported by name: the package has no
// "exports" map, so its file is reachable as it ships.
const RedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore.js',
) as RedisStoreCtor;

/**
 * Rate-limit counters in Redis under `prefix`, so every app process counts one budget (ADR 024).
 * The plugin's store names a route's counters by its method and URL, but every `app.rateLimit()`
 * handler (the shared public-form budget, the calendar reads, …) has neither, and they would all
 * count in one key per client; here each handler gets a number of its own instead, in the order
 * the app creates them (the same in every process running the same build).
 */
export function redisRateLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  let handlers = 0;
  const named = (key: string): FastifyRateLimitStore => {
    const store = new RedisStore(false, false, redis, key);
    return {
      incr: (...args) => store.incr(...args),
      child(options) {
        const { routeInfo } = options as ChildOptions;
        const name = routeInfo?.url
          ? `${[routeInfo.method].flat().join(',')}${routeInfo.url}`
          : `handler-${(handlers += 1)}`;
        return named(`${prefix}${name}-`);
      },
    };
  };
  return class {
    constructor() {
      return named(prefix);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
