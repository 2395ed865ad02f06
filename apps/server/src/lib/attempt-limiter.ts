import { AppError } from './app-error.js';
import type { Clock } from './clock.js';
import { type RateLimitStore, RateLimitStoreUnreachableError } from './rate-limits/rate-limit-store.js';

export interface AttemptLimit {
  /** Attempts allowed per window; the next one is refused until the window ends. */
  max: number;
  windowMs: number;
}

/**
 * Counts attempts per key (an IP, an email) in fixed windows, in the shared store, so the
 * limit holds however many processes serve the requests. `name` is prefixed to every key:
 * two limits never share a count even when they count the same address.
 *
 * When the store cannot be reached (Redis down), every call rejects with a 503 and
 * `unavailableMessage`: these limits are what stands between a password and a guessing
 * script, so they fail closed, unlike the routes' limits. Any other store error propagates
 * (a 500), which refuses the attempt too.
 */
export class AttemptLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    private readonly name: string,
    private readonly limit: AttemptLimit,
    private readonly unavailableMessage: string,
  ) {}

  /**
   * Counts one attempt if the limit allows it, in one atomic step with the check. Returns 0
   * when it was counted, or the milliseconds to wait when it was refused (and not counted).
   * `max` lowers the limit for this attempt only (a stricter rule that applies for now), still
   * against the same count and window; it never raises it.
   */
  async record(key: string, max = this.limit.max): Promise<number> {
    const now = this.clock.now();
    const limit = { max: Math.min(max, this.limit.max), windowMs: this.limit.windowMs };
    const hit = await this.unlessUnavailable(this.store.hit(this.keyFor(key), limit, now));
    return hit.allowed ? 0 : hit.resetsAt - now;
  }

  /** Attempts counted in the key's running window. */
  async counted(key: string): Promise<number> {
    const window = await this.unlessUnavailable(this.store.peek(this.keyFor(key), this.clock.now()));
    return window?.count ?? 0;
  }

  /** Attempts allowed per window. */
  get max(): number {
    return this.limit.max;
  }

  /** Gives back one attempt counted in advance that turned out fine. */
  async release(key: string): Promise<void> {
    await this.unlessUnavailable(this.store.giveBack(this.keyFor(key), this.clock.now()));
  }

  async reset(key: string): Promise<void> {
    await this.unlessUnavailable(this.store.forget(this.keyFor(key)));
  }

  private async unlessUnavailable<T>(counting: Promise<T>): Promise<T> {
    try {
      return await counting;
    } catch (error) {
      if (!(error instanceof RateLimitStoreUnreachableError)) throw error;
      throw new AppError('SERVICE_UNAVAILABLE', this.unavailableMessage, { cause: error });
    }
  }

  private keyFor(key: string): string {
    return `${this.name}:${key}`;
  }
}

/** "in 1 minute", "in 15 minutes": how long a refused visitor waits. */
export function waitDescription(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}
