import { Redis } from 'ioredis';
import type { RateLimit, RateLimitHit, RateLimitStore, RateLimitWindow } from './rate-limit-store.js';

const KEY_PREFIX = 'kholo:rate-limit:';

/**
 * One hit, atomically (Redis runs a script without interleaving other commands). The window
 * is a hash {count, resetsAt} judged against the caller's `now`, like the database store, so
 * a fake clock works the same on both; PEXPIRE only lets Redis drop the key once it is over.
 * KEYS[1] the window; ARGV: max, windowMs, now, resetsAt of a new window (a decimal string,
 * so Lua's number formatting never shortens it).
 */
const HIT_SCRIPT = `
local window = redis.call('HMGET', KEYS[1], 'count', 'resetsAt')
local count = tonumber(window[1])
local resetsAt = tonumber(window[2])
if count == nil or resetsAt == nil or resetsAt <= tonumber(ARGV[3]) then
  redis.call('HSET', KEYS[1], 'count', 1, 'resetsAt', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, 1, ARGV[4]}
end
if count >= tonumber(ARGV[1]) then
  return {0, count, window[2]}
end
return {1, redis.call('HINCRBY', KEYS[1], 'count', 1), window[2]}
`;

/** KEYS[1] the window; ARGV: now. Takes back one hit from a window that is still running. */
const GIVE_BACK_SCRIPT = `
local window = redis.call('HMGET', KEYS[1], 'count', 'resetsAt')
local count = tonumber(window[1])
local resetsAt = tonumber(window[2])
if count ~= nil and resetsAt ~= nil and resetsAt > tonumber(ARGV[1]) and count > 0 then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 0
`;

export interface RedisLogger {
  error(details: object, message: string): void;
}

/** Rate-limit windows in Redis (REDIS_URL): for many machines whose database should not take every hit. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, logger: RedisLogger) {
    this.redis = new Redis(url, {
      // A request waiting on a rate limit fails after a short while rather than hanging
      // while Redis is away; ioredis keeps reconnecting in the background.
      maxRetriesPerRequest: 2,
    });
    // Without a listener, a lost connection is an unhandled 'error' event that ends the process.
    this.redis.on('error', (error) => {
      logger.error({ err: error }, 'the Redis connection for rate limits failed; reconnecting');
    });
  }

  async hit(key: string, limit: RateLimit, now: number): Promise<RateLimitHit> {
    const reply = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      KEY_PREFIX + key,
      limit.max,
      limit.windowMs,
      now,
      String(now + limit.windowMs),
    )) as [number, number, string];
    const [allowed, count, resetsAt] = reply;
    return { allowed: allowed === 1, count, resetsAt: Number(resetsAt) };
  }

  async peek(key: string, now: number): Promise<RateLimitWindow | null> {
    const [count, resetsAt] = await this.redis.hmget(KEY_PREFIX + key, 'count', 'resetsAt');
    if (count === null || resetsAt === null || Number(resetsAt) <= now) return null;
    return { count: Number(count), resetsAt: Number(resetsAt) };
  }

  async giveBack(key: string, now: number): Promise<void> {
    await this.redis.eval(GIVE_BACK_SCRIPT, 1, KEY_PREFIX + key, now);
  }

  async forget(key: string): Promise<void> {
    await this.redis.del(KEY_PREFIX + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
