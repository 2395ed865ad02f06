import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { DatabaseRateLimitStore } from '../src/lib/rate-limits/database-rate-limit-store.js';
import { type RateLimitStore, RateLimitStoreUnreachableError } from '../src/lib/rate-limits/rate-limit-store.js';
import { RedisRateLimitStore } from '../src/lib/rate-limits/redis-rate-limit-store.js';
import { freePort, type PrivateRedis, redisUnavailable, startRedis } from './redis-server.js';
import { createMigratedTestDatabase, testLogger } from './test-app.js';

const NOW = Date.UTC(2026, 10, 21, 6, 0);
const MINUTE = 60_000;
const TEN_A_MINUTE = { max: 10, windowMs: MINUTE };

/** Each test counts under keys of its own, so one store serves the whole file. */
const freshKey = (label: string) => `${label}:${randomUUID()}`;

function behavesLikeARateLimitStore(store: () => RateLimitStore): void {
  it('counts 50 hits sent at once as exactly 50', async () => {
    const key = freshKey('burst');
    const hits = await Promise.all(
      Array.from({ length: 50 }, () => store().hit(key, { max: 1000, windowMs: MINUTE }, NOW)),
    );
    expect(hits.every((hit) => hit.allowed)).toBe(true);
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await store().peek(key, NOW)).toEqual({ count: 50, resetsAt: NOW + MINUTE });
  });

  it('lets 10 of 10 through and refuses the 11th, without counting it', async () => {
    const key = freshKey('limit');
    for (let i = 1; i <= 10; i += 1) {
      expect(await store().hit(key, TEN_A_MINUTE, NOW + i)).toEqual({
        allowed: true,
        count: i,
        resetsAt: NOW + 1 + MINUTE,
      });
    }
    expect(await store().hit(key, TEN_A_MINUTE, NOW + 20)).toEqual({
      allowed: false,
      count: 10,
      resetsAt: NOW + 1 + MINUTE,
    });
    expect((await store().peek(key, NOW + 20))?.count).toBe(10);
  });

  it('lets exactly 10 of a burst of 30 through', async () => {
    const key = freshKey('burst-limit');
    const hits = await Promise.all(Array.from({ length: 30 }, () => store().hit(key, TEN_A_MINUTE, NOW)));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(10);
    expect(hits.filter((hit) => !hit.allowed).every((hit) => hit.resetsAt === NOW + MINUTE)).toBe(true);
    expect((await store().peek(key, NOW))?.count).toBe(10);
  });

  it('starts a new window once the old one has ended', async () => {
    const key = freshKey('window');
    for (let i = 0; i < 10; i += 1) await store().hit(key, TEN_A_MINUTE, NOW);
    expect((await store().hit(key, TEN_A_MINUTE, NOW + MINUTE - 1)).allowed).toBe(false);
    expect(await store().peek(key, NOW + MINUTE)).toBeNull();
    expect(await store().hit(key, TEN_A_MINUTE, NOW + MINUTE)).toEqual({
      allowed: true,
      count: 1,
      resetsAt: NOW + 2 * MINUTE,
    });
  });

  it('keeps a separate count for every key', async () => {
    const [a, b] = [freshKey('a'), freshKey('b')];
    for (let i = 0; i < 10; i += 1) await store().hit(a, TEN_A_MINUTE, NOW);
    expect((await store().hit(a, TEN_A_MINUTE, NOW)).allowed).toBe(false);
    expect(await store().hit(b, TEN_A_MINUTE, NOW)).toMatchObject({ allowed: true, count: 1 });
    expect(await store().peek(freshKey('never-hit'), NOW)).toBeNull();
  });

  it('gives back a hit only in a running window, and forgets a key altogether', async () => {
    const key = freshKey('give-back');
    for (let i = 0; i < 10; i += 1) await store().hit(key, TEN_A_MINUTE, NOW);
    await store().giveBack(key, NOW);
    expect(await store().hit(key, TEN_A_MINUTE, NOW)).toMatchObject({ allowed: true, count: 10 });

    await store().giveBack(key, NOW + MINUTE);
    expect((await store().peek(key, NOW))?.count).toBe(10);

    await store().forget(key);
    expect(await store().peek(key, NOW)).toBeNull();
    expect(await store().hit(key, TEN_A_MINUTE, NOW)).toMatchObject({ allowed: true, count: 1 });
  });

  it('never takes a count below zero', async () => {
    const key = freshKey('floor');
    await store().hit(key, TEN_A_MINUTE, NOW);
    await store().giveBack(key, NOW);
    await store().giveBack(key, NOW);
    expect((await store().peek(key, NOW))?.count).toBe(0);
    expect(await store().hit(key, TEN_A_MINUTE, NOW)).toMatchObject({ allowed: true, count: 1 });
  });
}

describe('DatabaseRateLimitStore', () => {
  let database: DatabaseHandle;
  let closeDatabase: () => Promise<void>;
  let store: DatabaseRateLimitStore;
  beforeAll(async () => {
    ({ database, close: closeDatabase } = await createMigratedTestDatabase());
    store = new DatabaseRateLimitStore(database.db);
  });
  afterAll(() => closeDatabase());

  behavesLikeARateLimitStore(() => store);

  async function windowKeys(): Promise<string[]> {
    const rows = await database.db.selectFrom('rateLimitWindows').select('key').execute();
    return rows.map((row) => row.key);
  }

  it('sweeps windows that have ended, and keeps running ones', async () => {
    const [ended, running] = [freshKey('ended'), freshKey('running')];
    await store.hit(ended, TEN_A_MINUTE, NOW);
    await store.hit(running, TEN_A_MINUTE, NOW + MINUTE);
    expect(await store.sweep(NOW + MINUTE)).toBeGreaterThanOrEqual(1);
    const keys = await windowKeys();
    expect(keys).not.toContain(ended);
    expect(keys).toContain(running);
  });

  it('sweeps by itself every so many hits, so the table does not grow without end', async () => {
    const sweeping = new DatabaseRateLimitStore(database.db, { sweepEvery: 5 });
    const old = freshKey('old');
    await sweeping.hit(old, TEN_A_MINUTE, NOW);
    const later = NOW + 10 * MINUTE;
    for (let i = 0; i < 3; i += 1) await sweeping.hit(freshKey('later'), TEN_A_MINUTE, later);
    expect(await windowKeys()).toContain(old);
    await sweeping.hit(freshKey('later'), TEN_A_MINUTE, later);
    expect(await windowKeys()).not.toContain(old);
    expect(await database.db.selectFrom('leases').selectAll().execute()).toEqual([]);
  });
});

describe.skipIf(redisUnavailable() !== null)('RedisRateLimitStore', () => {
  let redis: PrivateRedis;
  let store: RedisRateLimitStore;
  beforeAll(async () => {
    redis = await startRedis();
    store = await RedisRateLimitStore.connect(redis.url, testLogger);
  });
  afterAll(async () => {
    await store.close();
    await redis.stop();
  });

  behavesLikeARateLimitStore(() => store);

  it('reports an error Redis answers with as it is: Redis was reached', async () => {
    const key = freshKey('wrong-type');
    const other = new Redis(redis.url);
    try {
      await other.set(`kholo:rate-limit:${key}`, 'not a window');
    } finally {
      other.disconnect();
    }
    const failure = await store.hit(key, TEN_A_MINUTE, NOW).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(RateLimitStoreUnreachableError);
    expect((failure as Error).message).toMatch(/WRONGTYPE/);
  });

  it('reports a Redis nothing answers for as unreachable, for every call', async () => {
    const nowhere = await RedisRateLimitStore.connect(`redis://127.0.0.1:${await freePort()}`, {
      error: () => undefined,
    });
    try {
      const key = freshKey('nowhere');
      for (const call of [
        () => nowhere.hit(key, TEN_A_MINUTE, NOW),
        () => nowhere.peek(key, NOW),
        () => nowhere.giveBack(key, NOW),
        () => nowhere.forget(key),
      ]) {
        await expect(call()).rejects.toBeInstanceOf(RateLimitStoreUnreachableError);
      }
    } finally {
      await nowhere.close();
    }
  });
});
