import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { LeaseBusyError, withLease } from '../leases.js';
import type { RateLimit, RateLimitHit, RateLimitStore, RateLimitWindow } from './rate-limit-store.js';

/** Finished windows are deleted after this many hits counted by one process. */
const DEFAULT_SWEEP_EVERY = 500;
const SWEEP_LEASE = 'rate-limit-sweep';

/**
 * Rate-limit windows in the `rate_limit_windows` table (SQLite or PostgreSQL). Every hit is a
 * single INSERT … ON CONFLICT DO UPDATE … RETURNING, which both engines run atomically per
 * key, so processes sharing the database share the count without a transaction or a lock.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  private hitsSinceSweep = 0;
  private readonly sweepEvery: number;

  constructor(
    private readonly db: Kysely<Database>,
    options: { sweepEvery?: number } = {},
  ) {
    this.sweepEvery = options.sweepEvery ?? DEFAULT_SWEEP_EVERY;
  }

  async hit(key: string, limit: RateLimit, now: number): Promise<RateLimitHit> {
    await this.sweepNowAndThen(now);
    const counted = await this.db
      .insertInto('rateLimitWindows')
      .values({ key, windowStartedAt: now, count: 1, expiresAt: now + limit.windowMs })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet((eb) => {
            const ended = eb('rateLimitWindows.expiresAt', '<=', now);
            return {
              windowStartedAt: eb.case().when(ended).then(now).else(eb.ref('rateLimitWindows.windowStartedAt')).end(),
              count: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb('rateLimitWindows.count', '+', 1))
                .end(),
              expiresAt: eb
                .case()
                .when(ended)
                .then(now + limit.windowMs)
                .else(eb.ref('rateLimitWindows.expiresAt'))
                .end(),
            };
          })
          // A full window that is still running is left untouched, and then no row comes back.
          .where((eb) =>
            eb.or([eb('rateLimitWindows.expiresAt', '<=', now), eb('rateLimitWindows.count', '<', limit.max)]),
          ),
      )
      .returning(['count', 'expiresAt'])
      .executeTakeFirst();
    if (counted !== undefined) return { allowed: true, count: counted.count, resetsAt: counted.expiresAt };

    const full = await this.peek(key, now);
    // The window ended or was forgotten between the two statements: this hit may count after all.
    if (full === null) return this.hit(key, limit, now);
    return { allowed: false, count: full.count, resetsAt: full.resetsAt };
  }

  async peek(key: string, now: number): Promise<RateLimitWindow | null> {
    const row = await this.db
      .selectFrom('rateLimitWindows')
      .select(['count', 'expiresAt'])
      .where('key', '=', key)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    return row === undefined ? null : { count: row.count, resetsAt: row.expiresAt };
  }

  async giveBack(key: string, now: number): Promise<void> {
    await this.db
      .updateTable('rateLimitWindows')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('expiresAt', '>', now)
      .where('count', '>', 0)
      .execute();
  }

  async forget(key: string): Promise<void> {
    await this.db.deleteFrom('rateLimitWindows').where('key', '=', key).execute();
  }

  /** Deletes every window that ended by `now`; returns how many. */
  async sweep(now: number): Promise<number> {
    const result = await this.db.deleteFrom('rateLimitWindows').where('expiresAt', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async close(): Promise<void> {
    // The database connection belongs to the app, which closes it.
  }

  private async sweepNowAndThen(now: number): Promise<void> {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < this.sweepEvery) return;
    this.hitsSinceSweep = 0;
    try {
      // One process sweeps at a time: two large DELETEs on PostgreSQL can deadlock each other.
      await withLease(this.db, SWEEP_LEASE, 60_000, () => this.sweep(now), { waitMs: 0 });
    } catch (error) {
      // Another process is sweeping right now, which is just as good.
      if (!(error instanceof LeaseBusyError)) throw error;
    }
  }
}
