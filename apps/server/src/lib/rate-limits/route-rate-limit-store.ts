import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../clock.js';
import { type ErrorLogger, errorLogAtMostEvery } from './error-log-throttle.js';
import { type RateLimitStore, RateLimitStoreUnreachableError } from './rate-limit-store.js';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's store interface (v10: `new Store(options)`, `incr(key, callback,
 * timeWindow, max)`, `child(routeParams)`) over the shared store, so the per-route limits
 * (contact, orders, withdrawals…) hold across processes like the accounts limits do. The
 * plugin calls `child` once per route with `config.rateLimit`; its key names the route, so
 * each route keeps its own count for a client.
 *
 * When the store cannot be reached (Redis down), the request is served without its limit, and
 * an error is logged at most once a minute: these limits only slow abuse down, and refusing
 * every contact message, order and withdrawal for as long as Redis is away would hurt more.
 * Any other store error (SQLITE_BUSY under a flood) goes to the plugin, and the request gets
 * the app's 500: serving it unlimited then would drop the limit exactly when it matters.
 */
export function routeRateLimitStore(
  store: RateLimitStore,
  clock: Clock,
  logger: ErrorLogger,
): FastifyRateLimitStoreCtor {
  const logUnlimited = errorLogAtMostEvery(logger, 60_000);
  return class RouteRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number, max?: number): void {
      if (timeWindow === undefined || max === undefined) {
        callback(new Error('@fastify/rate-limit called incr without its time window and maximum'));
        return;
      }
      const now = clock.now();
      store.hit(this.prefix + key, { max, windowMs: timeWindow }, now).then(
        // A refused hit is reported one over the maximum, which is how the plugin recognises it.
        (hit) => {
          callback(null, { current: hit.allowed ? hit.count : max + 1, ttl: Math.max(0, hit.resetsAt - now) });
        },
        (error: unknown) => {
          if (!(error instanceof RateLimitStoreUnreachableError)) {
            callback(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          logUnlimited({ err: error }, 'the rate-limit store failed; serving limited routes without their limits');
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    child(routeParams: unknown): FastifyRateLimitStore {
      const route = (routeParams as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      if (typeof route?.url !== 'string') {
        throw new Error('a shared rate limit needs a route; use config.rateLimit on the route');
      }
      return new RouteRateLimitStore(undefined, `route:${String(route.method)} ${route.url}:`);
    }
  };
}
