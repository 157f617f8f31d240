import type { FastifyInstance } from 'fastify';

type LimitHook = ReturnType<FastifyInstance['rateLimit']>;

// Session polls, activity and analytics events come from every open tab all the time: they get
// a budget of their own (RATE_LIMIT_ANALYTICS_MAX per client address per window), so a busy
// visitor never uses up the budget of the forms (publicWriteLimit), and the forms' limit stays low.
const handlers = new WeakMap<object, LimitHook>();

/** One handler, so one counter per client address, for every analytics route of the app. */
export function analyticsLimit(app: FastifyInstance): LimitHook {
  let handler = handlers.get(app.config);
  if (!handler) {
    handler = app.rateLimit({
      max: app.config.rateLimit.analyticsMax,
      timeWindow: app.config.rateLimit.windowSeconds * 1000,
    });
    handlers.set(app.config, handler);
  }
  return handler;
}
