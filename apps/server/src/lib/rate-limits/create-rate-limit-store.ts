import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DatabaseRateLimitStore } from './database-rate-limit-store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { type RedisLogger, RedisRateLimitStore } from './redis-rate-limit-store.js';

/** Redis when REDIS_URL is set, otherwise the database every process already shares. */
export function createRateLimitStore(settings: {
  redisUrl: string | null;
  db: Kysely<Database>;
  logger: RedisLogger;
}): RateLimitStore {
  return settings.redisUrl === null
    ? new DatabaseRateLimitStore(settings.db)
    : new RedisRateLimitStore(settings.redisUrl, settings.logger);
}
