import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DatabaseRateLimitStore } from './database-rate-limit-store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import type { ErrorLogger } from './error-log-throttle.js';

/** Redis when REDIS_URL is set, otherwise the database every process already shares. */
export async function createRateLimitStore(settings: {
  redisUrl: string | null;
  db: Kysely<Database>;
  logger: ErrorLogger;
}): Promise<RateLimitStore> {
  if (settings.redisUrl === null) return new DatabaseRateLimitStore(settings.db);
  // ioredis is loaded only when used, like the AWS SDK: nothing else pays for it at start-up.
  const { RedisRateLimitStore } = await import('./redis-rate-limit-store.js');
  return RedisRateLimitStore.connect(settings.redisUrl, settings.logger);
}
