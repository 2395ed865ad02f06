import type { CreateOrderResponse } from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../src/start-up.js';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { errorOf, freshIp, PASSWORD, signIn, signUp, uniqueEmail } from './accounts-helpers.js';
import { postOrder, sellerAndFan } from './payments-helpers.js';
import { type PrivateRedis, redisUnavailable, startRedis } from './redis-server.js';
import {
  buildTestApp,
  CapturingMailer,
  createTestDatabase,
  FakeClock,
  type TestApp,
  testLogger,
  testConfig,
} from './test-app.js';
import { postWithdraw } from './withdrawals-helpers.js';

/**
 * Two app instances on one database stand in for two processes behind a load balancer: every
 * limit and the double-click guard must hold across them, which no per-process memory can do.
 * (Real separate processes are tested by the multi-process suite.)
 */
interface TwoApps {
  first: FastifyInstance;
  second: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

async function twoAppsOnOneDatabase(): Promise<TwoApps> {
  const testDatabase = await createTestDatabase();
  const config = testConfig(testDatabase);
  const database = connectDatabase(config.database, testLogger);
  await migrateToLatest(database);
  // Both apps use one connection handle, closed here once rather than by whichever app closes first.
  const shared: DatabaseHandle = { db: database.db, engine: database.engine, close: () => Promise.resolve() };
  const clock = new FakeClock();
  const build = () =>
    startApp({
      config,
      database: shared,
      clock,
      mailer: new CapturingMailer(),
      paymentTiming: { timeoutMs: 2000, retryDelaysMs: [0, 0] },
    });
  const first = await build();
  const second = await build();
  return {
    first,
    second,
    database,
    async close() {
      await first.close();
      await second.close();
      await database.close();
      await testDatabase.drop();
    },
  };
}

function expectRateLimited(response: LightMyRequestResponse, message: RegExp): void {
  expect(response.statusCode).toBe(429);
  expect(errorOf(response).code).toBe('RATE_LIMITED');
  expect(errorOf(response).message).toMatch(message);
}

describe('two app instances on one database', () => {
  let apps: TwoApps;
  beforeAll(async () => {
    apps = await twoAppsOnOneDatabase();
  });
  afterAll(() => apps.close());

  it('share the per-network login limit: 20 failures split across them lock the 21st on either', async () => {
    const { first, second } = apps;
    const network = freshIp();
    for (let i = 0; i < 20; i += 1) {
      const app = i % 2 === 0 ? first : second;
      const response = await signIn(app, { email: uniqueEmail('guess'), password: PASSWORD }, { ip: network });
      expect(response.statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      expectRateLimited(
        await signIn(app, { email: uniqueEmail('guess'), password: PASSWORD }, { ip: network }),
        /^Too many failed logins from your network\. Please try again in 15 minutes\.$/,
      );
    }
    // Another network is not affected on either.
    expect((await signIn(second, { email: uniqueEmail('guess'), password: PASSWORD })).statusCode).toBe(401);
  });

  it('share the per-account login limits, from one network and from many', async () => {
    const { first, second } = apps;
    const { body } = await signUp(first);
    const network = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const app = i % 2 === 0 ? second : first;
      expect((await signIn(app, { email: body.email, password: `wrong ${i}` }, { ip: network })).statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      expectRateLimited(
        await signIn(app, { email: body.email, password: PASSWORD }, { ip: network }),
        /^Too many failed logins for this account from your network\./,
      );
    }
    // Those 10 failures put the account under attack on both: another network gets 3, not 10.
    const another = freshIp();
    for (let i = 0; i < 3; i += 1) {
      const app = i % 2 === 0 ? first : second;
      expect((await signIn(app, { email: body.email, password: `wrong ${i}` }, { ip: another })).statusCode).toBe(401);
    }
    expectRateLimited(
      await signIn(second, { email: body.email, password: 'wrong 3' }, { ip: another }),
      /^This account has had many failed logins, so each network may try only 3 times for now\./,
    );
  });

  it('hold a burst of guesses sent to both at once to 20', async () => {
    const { first, second } = apps;
    const network = freshIp();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn(i % 2 === 0 ? first : second, { email: uniqueEmail('burst'), password: PASSWORD }, { ip: network }),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('share the per-network limit of POST /api/withdraw, and keep it apart from other routes', async () => {
    const { first, second } = apps;
    const fan = await signUp(first, { role: 'fan' });
    const network = freshIp();
    for (let i = 0; i < 20; i += 1) {
      const app = i % 2 === 0 ? first : second;
      // A fan may not withdraw (403), but every request counts against the network.
      const response = await postWithdraw(app, fan.cookie, { amount: 500, upi: 'meera@okaxis' }, { ip: network });
      expect(response.statusCode).toBe(403);
    }
    for (const app of [first, second]) {
      expectRateLimited(
        await postWithdraw(app, fan.cookie, { amount: 500, upi: 'meera@okaxis' }, { ip: network }),
        /^Too many requests from your network\. Please try again in 10 minutes\.$/,
      );
    }
    // The same network's count on another limited route starts from nothing.
    const order = await postOrder(second, fan.cookie, { contentId: 'no-such-item' }, network);
    expect(order.statusCode).toBe(404);
  });

  it('give a double click split across them one order', async () => {
    const { first, second, database } = apps;
    const { item, fan } = await sellerAndFan(first);
    const [a, b] = await Promise.all([
      postOrder(first, fan.cookie, { contentId: item.id }),
      postOrder(second, fan.cookie, { contentId: item.id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json<CreateOrderResponse>().order_id).toBe(a.json<CreateOrderResponse>().order_id);
    const orders = await database.db.selectFrom('orders').select('id').where('fanId', '=', fan.id).execute();
    expect(orders).toHaveLength(1);
    // Each creation let go of its lease when done.
    expect(await database.db.selectFrom('leases').selectAll().execute()).toEqual([]);
  });
});

describe.skipIf(redisUnavailable() !== null)('with REDIS_URL, app instances on separate databases', () => {
  let redis: PrivateRedis;
  let apps: TestApp[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await Promise.all(apps.map((t) => t.close()));
    apps = [];
  });
  afterAll(() => redis.stop());

  it('share their limits through Redis and write no windows to the database', async () => {
    apps = [await buildTestApp({ redisUrl: redis.url }), await buildTestApp({ redisUrl: redis.url })];
    const [first, second] = apps.map((t) => t.app) as [FastifyInstance, FastifyInstance];
    const network = freshIp();
    for (let i = 0; i < 20; i += 1) {
      const app = i % 2 === 0 ? first : second;
      const response = await signIn(app, { email: uniqueEmail('guess'), password: PASSWORD }, { ip: network });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await signIn(second, { email: uniqueEmail('guess'), password: PASSWORD }, { ip: network }),
      /^Too many failed logins from your network\./,
    );

    const contact = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Asha', email: 'asha@example.in', message: 'A question about payouts.' },
        remoteAddress: network,
      });
    for (let i = 0; i < 10; i += 1) expect((await contact(i % 2 === 0 ? first : second)).statusCode).toBe(201);
    expectRateLimited(await contact(first), /^Too many requests from your network\. Please try again in 15 minutes\.$/);

    for (const t of apps) {
      expect(await t.database.db.selectFrom('rateLimitWindows').selectAll().execute()).toEqual([]);
    }
  });

  it('share the account-wide login count through Redis', async () => {
    apps = [await buildTestApp({ redisUrl: redis.url }), await buildTestApp({ redisUrl: redis.url })];
    const [first, second] = apps.map((t) => t.app) as [FastifyInstance, FastifyInstance];
    const { body } = await signUp(first);
    // Split across both, each from a network of its own: only the account-wide count adds up.
    for (let i = 0; i < 10; i += 1) {
      const app = i % 2 === 0 ? first : second;
      expect((await signIn(app, { email: body.email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const network = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(second, { email: body.email, password: `wrong ${i}` }, { ip: network })).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(
      await signIn(second, { email: body.email, password: 'wrong 3' }, { ip: network }),
      /^This account has had many failed logins, so each network may try only 3 times for now\./,
    );
    expect((await signIn(first, { email: body.email, password: PASSWORD })).statusCode).toBe(200);
  });
});
