import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DatabaseRateLimitStore } from './database-rate-limit-store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import type { ErrorLogger } from './error-log-throttle.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';

/** Redis when REDIS_URL is set, otherwise the database every process already shares. */
export async function createRateLimitStore(settings: {
  redisUrl: string | null;
  db: Kysely<Database>;
  logger: ErrorLogger;
}): Promise<RateLimitStore> {
  return settings.redisUrl === null
    ? new DatabaseRateLimitStore(settings.db)
    : RedisRateLimitStore.connect(settings.redisUrl, settings.logger);
}
