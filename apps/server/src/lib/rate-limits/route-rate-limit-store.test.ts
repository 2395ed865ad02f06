import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RateLimitStore, RateLimitStoreUnreachableError } from './rate-limit-store.js';
import { routeRateLimitStore } from './route-rate-limit-store.js';

const clock = { now: () => 1_000_000 };
const ROUTE = { routeInfo: { method: 'POST', url: '/api/contact' } };

/** The store as @fastify/rate-limit 10 calls it (its type declares only the first two arguments). */
interface PluginView {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
}

/** One incr through the plugin's callback interface. */
function incr(store: PluginView, max = 10): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) => {
    store.incr(
      '203.0.113.7',
      (error, result) => {
        if (error !== null) reject(error);
        else resolve(result!);
      },
      60_000,
      max,
    );
  });
}

function routeStore(store: RateLimitStore, logger = { error: vi.fn() }) {
  const Store = routeRateLimitStore(store, clock, logger);
  return { route: new Store({}).child(ROUTE as never) as unknown as PluginView, logger };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('routeRateLimitStore', () => {
  it('reports a refused hit as one over the maximum, under a key naming the route', async () => {
    const hit = vi.fn<RateLimitStore['hit']>(() => Promise.resolve({ allowed: false, count: 10, resetsAt: 1_030_000 }));
    const { route } = routeStore({ hit } as unknown as RateLimitStore);
    expect(await incr(route)).toEqual({ current: 11, ttl: 30_000 });
    expect(hit).toHaveBeenCalledWith('route:POST /api/contact:203.0.113.7', { max: 10, windowMs: 60_000 }, 1_000_000);
  });

  it('serves the request when the store cannot be reached, and logs that at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const down = new RateLimitStoreUnreachableError({
      cause: new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    });
    const { route, logger } = routeStore({ hit: () => Promise.reject(down) } as unknown as RateLimitStore);

    for (let i = 0; i < 5; i += 1) expect(await incr(route)).toEqual({ current: 0, ttl: 60_000 });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      { err: down },
      'the rate-limit store failed; serving limited routes without their limits',
    );

    vi.advanceTimersByTime(60_000);
    await incr(route);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenLastCalledWith(
      { err: down, leftOut: 4 },
      'the rate-limit store failed; serving limited routes without their limits',
    );
  });

  it('passes any other store error to the plugin, so the request is not served unlimited', async () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const { route, logger } = routeStore({ hit: () => Promise.reject(busy) } as unknown as RateLimitStore);
    await expect(incr(route)).rejects.toBe(busy);
    expect(logger.error).not.toHaveBeenCalled();
  });
});
