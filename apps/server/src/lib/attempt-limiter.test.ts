import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase } from '../../test/test-app.js';
import type { DatabaseHandle } from '../db/connect.js';
import { AppError } from './app-error.js';
import { AttemptLimiter, waitDescription } from './attempt-limiter.js';
import { DatabaseRateLimitStore } from './rate-limits/database-rate-limit-store.js';
import { type RateLimitStore, RateLimitStoreUnreachableError } from './rate-limits/rate-limit-store.js';

class ManualClock {
  constructor(public current = 0) {}
  now(): number {
    return this.current;
  }
}

let database: DatabaseHandle;
let closeDatabase: () => Promise<void>;
let store: DatabaseRateLimitStore;
beforeAll(async () => {
  ({ database, close: closeDatabase } = await createMigratedTestDatabase());
  store = new DatabaseRateLimitStore(database.db);
});
afterAll(() => closeDatabase());

let limitNumber = 0;
/** A limiter of its own for each test, so no test sees another's counts. */
function newLimiter(clock: ManualClock, limit: { max: number; windowMs: number }): AttemptLimiter {
  limitNumber += 1;
  return new AttemptLimiter(store, clock, `limit-${limitNumber}`, limit, 'Trying is briefly unavailable.');
}

describe('AttemptLimiter', () => {
  it('allows max attempts per window, then refuses until the window ends', async () => {
    const clock = new ManualClock();
    const limiter = newLimiter(clock, { max: 3, windowMs: 1000 });
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await limiter.record('ip')).toBe(0);
    clock.current = 400;
    expect(await limiter.record('ip')).toBe(600);
    // A refused attempt is not counted, so it does not lengthen the wait.
    expect(await limiter.record('ip')).toBe(600);
    clock.current = 1000;
    expect(await limiter.record('ip')).toBe(0);
  });

  it('counts keys separately and can forget one', async () => {
    const limiter = newLimiter(new ManualClock(), { max: 1, windowMs: 1000 });
    await limiter.record('a');
    expect(await limiter.record('a')).toBeGreaterThan(0);
    expect(await limiter.record('b')).toBe(0);
    await limiter.reset('a');
    expect(await limiter.record('a')).toBe(0);
  });

  it('never shares a count with another limit on the same key', async () => {
    const clock = new ManualClock();
    const logins = newLimiter(clock, { max: 1, windowMs: 1000 });
    const signUps = newLimiter(clock, { max: 1, windowMs: 1000 });
    expect(await logins.record('203.0.113.7')).toBe(0);
    expect(await logins.record('203.0.113.7')).toBe(1000);
    expect(await signUps.record('203.0.113.7')).toBe(0);
  });

  it('applies a lower max to one attempt against the same count and window', async () => {
    const clock = new ManualClock();
    const limiter = newLimiter(clock, { max: 5, windowMs: 1000 });
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await limiter.record('ip', 3)).toBe(0);
    clock.current = 200;
    expect(await limiter.record('ip', 3)).toBe(800);
    // The usual max still counts the three already in the window.
    expect(await limiter.record('ip')).toBe(0);
    expect(await limiter.record('ip')).toBe(0);
    expect(await limiter.record('ip')).toBe(800);
    expect(await limiter.counted('ip')).toBe(5);
    expect(limiter.max).toBe(5);
  });

  it('counts nothing for a key without a running window', async () => {
    const clock = new ManualClock();
    const limiter = newLimiter(clock, { max: 5, windowMs: 1000 });
    expect(await limiter.counted('ip')).toBe(0);
    await limiter.record('ip');
    expect(await limiter.counted('ip')).toBe(1);
    clock.current = 1000;
    expect(await limiter.counted('ip')).toBe(0);
  });
});

describe('AttemptLimiter.release', () => {
  it('gives back one attempt counted in advance', async () => {
    const limiter = newLimiter(new ManualClock(), { max: 2, windowMs: 1000 });
    await limiter.record('ip');
    await limiter.record('ip');
    expect(await limiter.record('ip')).toBeGreaterThan(0);
    await limiter.release('ip');
    expect(await limiter.record('ip')).toBe(0);
  });
});

describe('AttemptLimiter when the store cannot count', () => {
  const unreachable = () =>
    Promise.reject(new RateLimitStoreUnreachableError({ cause: new Error('Connection is closed.') }));
  const brokenStore: RateLimitStore = {
    hit: unreachable,
    peek: unreachable,
    giveBack: unreachable,
    forget: unreachable,
    close: () => Promise.resolve(),
  };
  const limiter = new AttemptLimiter(
    brokenStore,
    new ManualClock(),
    'logins',
    { max: 10, windowMs: 1000 },
    'Signing in is briefly unavailable. Please try again in a minute.',
  );

  it.each([
    ['record', () => limiter.record('203.0.113.7')],
    ['release', () => limiter.release('203.0.113.7')],
    ['reset', () => limiter.reset('203.0.113.7')],
    ['counted', () => limiter.counted('203.0.113.7')],
  ])("%s refuses the attempt with a 503 and the limiter's message, keeping the cause", async (_name, attempt) => {
    const error = await attempt().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
      message: 'Signing in is briefly unavailable. Please try again in a minute.',
    });
    expect((error as AppError).cause).toBeInstanceOf(RateLimitStoreUnreachableError);
  });

  it('lets any other store error through as it is (a 500, which refuses the attempt too)', async () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const failing = new AttemptLimiter(
      { ...brokenStore, hit: () => Promise.reject(busy), peek: () => Promise.reject(busy) },
      new ManualClock(),
      'logins',
      { max: 10, windowMs: 1000 },
      'Signing in is briefly unavailable. Please try again in a minute.',
    );
    await expect(failing.record('203.0.113.7')).rejects.toBe(busy);
  });
});

describe('waitDescription', () => {
  it('rounds up to whole minutes', () => {
    expect(waitDescription(1)).toBe('in 1 minute');
    expect(waitDescription(60_001)).toBe('in 2 minutes');
    expect(waitDescription(15 * 60_000)).toBe('in 15 minutes');
  });
});
