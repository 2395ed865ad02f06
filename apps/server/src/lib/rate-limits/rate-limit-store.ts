/** At most `max` hits per fixed window of `windowMs` that starts with the first hit. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The outcome of one hit: counted (`allowed`) or refused because the window is full. */
export interface RateLimitHit {
  allowed: boolean;
  /** Hits counted in the window, this one included when it was allowed. */
  count: number;
  /** When the window ends and counting starts again. */
  resetsAt: number;
}

/** A window still running: how many hits it holds and when it ends. */
export interface RateLimitWindow {
  count: number;
  resetsAt: number;
}

/**
 * Fixed-window counters shared by every process that uses the same store (DESIGN §8): the
 * database by default, Redis when REDIS_URL is set. Times are passed in rather than read, so
 * a test's fake clock moves the windows; keys carry the name of their limit so two limits
 * never share a count.
 */
export interface RateLimitStore {
  /**
   * Counts one hit unless the key's window already holds `limit.max`; a refused hit is not
   * counted. Check and count are one atomic step, so a burst sent in parallel, to one process
   * or to many, gets exactly `max` through.
   */
  hit(key: string, limit: RateLimit, now: number): Promise<RateLimitHit>;
  /** The key's running window, or null when it has none. */
  peek(key: string, now: number): Promise<RateLimitWindow | null>;
  /** Gives back one hit counted in the running window (an attempt that turned out fine). */
  giveBack(key: string, now: number): Promise<void>;
  /** Forgets the key's window altogether. */
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The store could not be reached: its connection is closed or refused, or it did not answer in
 * time. The one failure every limit treats as the store being down (route limits serve the
 * request, accounts limits answer 503; README "When the store is down"). Any other error (a
 * database error such as SQLITE_BUSY, an error Redis answered with) is a fault and propagates.
 */
export class RateLimitStoreUnreachableError extends Error {
  constructor(options: { cause: unknown }) {
    super('the rate-limit store could not be reached', options);
    this.name = 'RateLimitStoreUnreachableError';
  }
}
