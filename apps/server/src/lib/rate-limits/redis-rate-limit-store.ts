import { Redis } from 'ioredis';
import { type ErrorLogger, errorLogAtMostEvery } from './error-log-throttle.js';
import {
  type RateLimit,
  type RateLimitHit,
  type RateLimitStore,
  RateLimitStoreUnreachableError,
  type RateLimitWindow,
} from './rate-limit-store.js';

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

/** A command Redis has not answered by then fails: a request never waits longer on a limit. */
const COMMAND_TIMEOUT_MS = 1000;
/** Opening a connection (a reconnect too) gives up after this. */
const CONNECT_TIMEOUT_MS = 2000;
/** How long start-up waits for the first connection; after it the app starts all the same. */
const READY_WAIT_MS = 2000;
const ERROR_LOG_INTERVAL_MS = 60_000;

/** What ioredis rejects a command with when it never reached Redis or Redis never answered. */
const UNREACHABLE_MESSAGES = new Set([
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
]);
/** AbortError and its MaxRetriesPerRequestError: a command caught in flight by a dropped connection. */
const UNREACHABLE_NAMES = new Set(['AbortError', 'MaxRetriesPerRequestError']);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/** Redis unreachable becomes RateLimitStoreUnreachableError; an error Redis answered with stays as it is. */
async function unlessUnreachable<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const code = (error as { code?: unknown }).code;
    const unreachable =
      UNREACHABLE_MESSAGES.has(error.message) ||
      UNREACHABLE_NAMES.has(error.name) ||
      (typeof code === 'string' && UNREACHABLE_CODES.has(code));
    throw unreachable ? new RateLimitStoreUnreachableError({ cause: error }) : error;
  }
}

/** Rate-limit windows in Redis (REDIS_URL): for many machines whose database should not take every hit. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  /** A store whose connection is ready, or, when Redis cannot be reached within 2 s, still trying. */
  static async connect(url: string, logger: ErrorLogger): Promise<RedisRateLimitStore> {
    const store = new RedisRateLimitStore(url, logger);
    await store.untilReady(READY_WAIT_MS);
    return store;
  }

  private constructor(url: string, logger: ErrorLogger) {
    this.redis = new Redis(url, {
      // While Redis is away every command fails at once instead of queueing until it is back
      // (which could be never): the caller decides, a route serves its request and a sign-in
      // answers 503 (README "When the store is down"). ioredis keeps reconnecting meanwhile.
      enableOfflineQueue: false,
      // A Redis that stops answering without closing the connection (a lost host) fails too.
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Commands caught in flight by a dropped connection are retried once, then fail.
      maxRetriesPerRequest: 1,
    });
    const logError = errorLogAtMostEvery(logger, ERROR_LOG_INTERVAL_MS);
    // Without a listener, a lost connection is an unhandled 'error' event that ends the process.
    this.redis.on('error', (error) => {
      logError({ err: error }, 'the Redis connection for rate limits failed; reconnecting');
    });
  }

  async hit(key: string, limit: RateLimit, now: number): Promise<RateLimitHit> {
    const reply = (await unlessUnreachable(
      this.redis.eval(HIT_SCRIPT, 1, KEY_PREFIX + key, limit.max, limit.windowMs, now, String(now + limit.windowMs)),
    )) as [number, number, string];
    const [allowed, count, resetsAt] = reply;
    return { allowed: allowed === 1, count, resetsAt: Number(resetsAt) };
  }

  async peek(key: string, now: number): Promise<RateLimitWindow | null> {
    const [count, resetsAt] = await unlessUnreachable(this.redis.hmget(KEY_PREFIX + key, 'count', 'resetsAt'));
    if (count === null || resetsAt === null || Number(resetsAt) <= now) return null;
    return { count: Number(count), resetsAt: Number(resetsAt) };
  }

  async giveBack(key: string, now: number): Promise<void> {
    await unlessUnreachable(this.redis.eval(GIVE_BACK_SCRIPT, 1, KEY_PREFIX + key, now));
  }

  async forget(key: string): Promise<void> {
    await unlessUnreachable(this.redis.del(KEY_PREFIX + key));
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      // Redis is away (no queue to wait in) or not answering: just drop the connection.
      this.redis.disconnect();
    }
  }

  private untilReady(waitMs: number): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      this.redis.once('ready', done);
    });
  }
}
