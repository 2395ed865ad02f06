import { describe, expect, it } from 'vitest';
import { AttemptLimiter, clientKey, waitDescription } from './attempt-limiter.js';

class ManualClock {
  constructor(public current = 0) {}
  now(): number {
    return this.current;
  }
}

describe('AttemptLimiter', () => {
  it('allows max attempts per window, then refuses until the window ends', () => {
    const clock = new ManualClock();
    const limiter = new AttemptLimiter(clock, { max: 3, windowMs: 1000 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(limiter.retryAfterMs('ip')).toBe(0);
      limiter.record('ip');
    }
    clock.current = 400;
    expect(limiter.retryAfterMs('ip')).toBe(600);
    clock.current = 1000;
    expect(limiter.retryAfterMs('ip')).toBe(0);
  });

  it('counts keys separately and can forget one', () => {
    const limiter = new AttemptLimiter(new ManualClock(), { max: 1, windowMs: 1000 });
    limiter.record('a');
    expect(limiter.retryAfterMs('a')).toBeGreaterThan(0);
    expect(limiter.retryAfterMs('b')).toBe(0);
    limiter.reset('a');
    expect(limiter.retryAfterMs('a')).toBe(0);
  });
});

describe('AttemptLimiter.release', () => {
  it('gives back one attempt counted in advance', () => {
    const limiter = new AttemptLimiter(new ManualClock(), { max: 2, windowMs: 1000 });
    limiter.record('ip');
    limiter.record('ip');
    expect(limiter.retryAfterMs('ip')).toBeGreaterThan(0);
    limiter.release('ip');
    expect(limiter.retryAfterMs('ip')).toBe(0);
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:12:1:2:3:4', '2001:db8:85a3:12::/64'],
    ['2001:db8:85a3:12::9', '2001:db8:85a3:12::/64'],
    ['2001:DB8:85A3:0012:ffff::1', '2001:db8:85a3:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('waitDescription', () => {
  it('rounds up to whole minutes', () => {
    expect(waitDescription(1)).toBe('in 1 minute');
    expect(waitDescription(60_001)).toBe('in 2 minutes');
    expect(waitDescription(15 * 60_000)).toBe('in 15 minutes');
  });
});
