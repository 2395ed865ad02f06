import { isIPv6 } from 'node:net';
import type { Clock } from './clock.js';

export interface AttemptLimit {
  /** Attempts allowed per window; the next one is refused until the window ends. */
  max: number;
  windowMs: number;
}

/** Beyond this many tracked keys, finished windows are swept on the next write. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Counts attempts per key (an IP, an email) in fixed windows. Kept in this process's memory;
 * running several processes divides nothing but multiplies the limit, which the scale-out
 * work replaces with a shared store behind this same interface.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: AttemptLimit,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may try now. */
  retryAfterMs(key: string): number {
    const window = this.current(key);
    if (window === undefined || window.count < this.limit.max) return 0;
    return window.startedAt + this.limit.windowMs - this.clock.now();
  }

  record(key: string): void {
    const window = this.current(key);
    if (window === undefined) {
      if (this.windows.size >= SWEEP_THRESHOLD) this.sweep();
      this.windows.set(key, { startedAt: this.clock.now(), count: 1 });
    } else {
      window.count += 1;
    }
  }

  /** Gives back one attempt counted in advance that turned out fine. */
  release(key: string): void {
    const window = this.current(key);
    if (window !== undefined) window.count = Math.max(0, window.count - 1);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): { startedAt: number; count: number } | undefined {
    const window = this.windows.get(key);
    if (window === undefined) return undefined;
    if (this.clock.now() - window.startedAt >= this.limit.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.limit.windowMs) this.windows.delete(key);
    }
  }
}

/** "in 1 minute", "in 15 minutes": how long a refused visitor waits. */
export function waitDescription(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}

/**
 * The key a client address is limited under. One IPv6 subscriber gets a whole /64, so every
 * address in it counts as one client; IPv4 written as IPv6 (::ffff:1.2.3.4) is the IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
