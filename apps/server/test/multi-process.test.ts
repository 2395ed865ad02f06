import {
  adminWithdrawal,
  type CreateOrderResponse,
  createOrderResponse,
  me,
  type StudioContent,
  studioContent,
  type VerifyPaymentResponse,
  verifyPaymentResponse,
  withdrawResponse,
} from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../src/start-up.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createSimulatorOrdersRepository } from '../src/providers/payments/simulator/simulator-orders-repository.js';
import { SimulatorStore } from '../src/providers/payments/simulator/simulator-store.js';
import { signWebhook } from '../src/providers/payments/webhook-signature.js';
import { freshIp, PASSWORD, uniqueEmail } from './accounts-helpers.js';
import { multipartBody, pngImage, uploadForm } from './content-helpers.js';
import {
  createOrder as createInApp,
  expectLedgerHolds,
  expectLedgerHoldsIn,
  newFan,
  payInSimulator as payInApp,
  sellerAndFan,
  setControls as setInAppControls,
  walletOf,
  webhookBody,
} from './payments-helpers.js';
import {
  call,
  PROCESS_AUTH_SECRET,
  type ServerGroup,
  type ServerProcess,
  sessionCookieOf,
  startServerProcesses,
} from './server-processes.js';
import { CapturingMailer, createTestDatabase, FakeClock, TEST_ADMIN, testLogger, testConfig } from './test-app.js';
import { CREDIT_PAISE, PRICE_PAISE, rupees } from './withdrawals-helpers.js';

/**
 * The races that matter for money, against two real server processes sharing one database
 * (PostgreSQL under `npm run test:pg`, one SQLite file otherwise) and one DATA_DIR, as two
 * machines behind a load balancer would. Requests alternate between the processes.
 */
let group: ServerGroup;
let A: ServerProcess;
let B: ServerProcess;
let admin: string;
beforeAll(async () => {
  // The admin pays by hand here (PAYOUTS=manual): these races are about Mark as Paid.
  group = await startServerProcesses(2, { PAYOUTS: 'manual' });
  [A, B] = group.servers as [ServerProcess, ServerProcess];
  admin = await signIn(A, TEST_ADMIN.email, TEST_ADMIN.password, 'admin');
}, 90_000);
afterAll(async () => {
  await group.stop();
});

const UPI = '9876543210@ybl';

async function signIn(server: ServerProcess, email: string, password: string, role: string): Promise<string> {
  const answer = await call(server, 'POST', '/api/auth/sign-in/email', {
    body: { email, password, role },
    ip: freshIp(),
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  return sessionCookieOf(answer);
}

async function signUp(server: ServerProcess, role: 'creator' | 'fan', name: string) {
  const email = uniqueEmail(role);
  const answer = await call(server, 'POST', '/api/auth/sign-up/email', {
    body: { role, name, email, password: PASSWORD },
    ip: freshIp(),
  });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${answer.text}`);
  const { account } = me.parse(answer.json());
  if (account === null) throw new Error('sign-up answered no account');
  return { id: account.id, email, cookie: sessionCookieOf(answer) };
}

async function upload(server: ServerProcess, cookie: string): Promise<StudioContent> {
  const { payload, headers } = multipartBody(
    uploadForm({ file: await pngImage(), pricePaise: String(PRICE_PAISE), title: 'Monsoon in Kochi' }),
  );
  const answer = await call(server, 'POST', '/api/studio/contents', { body: payload, headers, cookie });
  if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${answer.text}`);
  return studioContent.parse(answer.json());
}

async function createOrder(server: ServerProcess, cookie: string, contentId: string): Promise<CreateOrderResponse> {
  const answer = await call(server, 'POST', '/api/payment/order', {
    body: { contentId, notes: { contentId } },
    cookie,
    ip: freshIp(),
  });
  if (answer.status !== 200) throw new Error(`order failed: ${answer.status} ${answer.text}`);
  return createOrderResponse.parse(answer.json());
}

/** The fan's click on the simulator's checkout page, served by `server`. */
function payInSimulator(server: ServerProcess, sessionId: string) {
  const query = new URLSearchParams({ payment_session_id: sessionId, method: 'upi', outcome: 'SUCCESS' });
  return call(server, 'GET', `/__simulator/checkout/complete?${query.toString()}`, { ip: freshIp() });
}

async function verify(server: ServerProcess, cookie: string, orderId: string): Promise<VerifyPaymentResponse> {
  const answer = await call(server, 'POST', '/api/payment/verify-payment', {
    body: { order_id: orderId },
    cookie,
    ip: freshIp(),
  });
  if (answer.status !== 200) throw new Error(`verify failed: ${answer.status} ${answer.text}`);
  return verifyPaymentResponse.parse(answer.json());
}

/** A creator with an item and a fan with an order for it, each step on another process. */
async function sellerAndOrder() {
  const creator = await signUp(A, 'creator', 'Meera Rathore');
  const item = await upload(B, creator.cookie);
  const fan = await signUp(B, 'fan', 'Arjun Mehta');
  const order = await createOrder(A, fan.cookie, item.id);
  return { creator, item, fan, order };
}

/** A creator whose balance comes from a real sale through the simulator's checkout. */
async function earningCreator() {
  const cast = await sellerAndOrder();
  const paid = await payInSimulator(B, cast.order.payment_session_id);
  if (paid.status !== 303) throw new Error(`checkout failed: ${paid.status} ${paid.text}`);
  expect((await verify(A, cast.fan.cookie, cast.order.order_id)).status).toBe('PAID');
  expect(await walletOf(group.database, cast.creator.id)).toBe(CREDIT_PAISE);
  return cast;
}

async function setControls(server: ServerProcess, controls: object): Promise<void> {
  const path = Object.keys(controls).length === 0 ? '/__simulator/controls/reset' : '/__simulator/controls';
  const answer = await call(server, 'POST', path, { body: controls, cookie: admin });
  if (answer.status !== 200) throw new Error(`controls failed: ${answer.status} ${answer.text}`);
}

const alternate = <T>(n: number, send: (server: ServerProcess, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i % 2 === 0 ? A : B, i)));

describe('two processes on one database', { timeout: 120_000 }, () => {
  it('settle one signed webhook posted 20 times at once across both exactly once', async () => {
    const { creator, fan, order } = await sellerAndOrder();
    // The simulator records the payment but keeps its own webhook, so ours are the only ones.
    await setControls(A, { dropWebhooks: true });
    try {
      expect((await payInSimulator(A, order.payment_session_id)).status).toBe(303);
    } finally {
      await setControls(A, {});
    }
    const simulated = await new SimulatorStore(createSimulatorOrdersRepository(group.database.db), Date.now).get(
      order.order_id,
    );
    const payment = simulated?.payments.find((one) => one.status === 'SUCCESS');
    expect(payment).toBeDefined();
    const body = webhookBody({ orderId: order.order_id, amountPaise: PRICE_PAISE, paymentId: payment!.cfPaymentId });
    const timestamp = String(Date.now());
    const headers = {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(group.webhookSecret, timestamp, body),
      'x-webhook-version': '2025-01-01',
    };

    const answers = await alternate(20, (server) => call(server, 'POST', '/api/payment/webhook', { body, headers }));

    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(200));
    const { db } = group.database;
    const row = await db.selectFrom('orders').selectAll().where('id', '=', order.order_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PAID', providerPaymentId: payment!.cfPaymentId });
    expect(await db.selectFrom('unlocks').selectAll().where('orderId', '=', order.order_id).execute()).toHaveLength(1);
    const sales = await db.selectFrom('ledgerTransactions').selectAll().where('orderId', '=', order.order_id).execute();
    expect(sales).toHaveLength(1);
    expect(await walletOf(group.database, creator.id)).toBe(CREDIT_PAISE);
    expect((await verify(B, fan.cookie, order.order_id)).status).toBe('PAID');
    await expectLedgerHoldsIn(group.database);
  });

  it('let only one of 20 withdrawals at once across both take the balance', async () => {
    const { creator } = await earningCreator();

    const answers = await alternate(20, (server) =>
      call(server, 'POST', '/api/withdraw', {
        body: { amount: rupees(CREDIT_PAISE), upi: UPI },
        cookie: creator.cookie,
        ip: freshIp(),
      }),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = withdrawResponse.parse(answers.find((answer) => answer.status === 201)!.json());
    expect(winner).toMatchObject({ balancePaise: 0, withdrawal: { amountPaise: CREDIT_PAISE, status: 'REQUESTED' } });
    expect(await walletOf(group.database, creator.id)).toBe(0);
    const rows = await group.database.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('creatorId', '=', creator.id)
      .execute();
    expect(rows).toHaveLength(1);
    await expectLedgerHoldsIn(group.database);
  });

  it('carry one checkout across them: order on A, page on B, pay on A, verify on B', async () => {
    const creator = await signUp(B, 'creator', 'Meera Rathore');
    const item = await upload(A, creator.cookie);
    const fan = await signUp(A, 'fan', 'Arjun Mehta');

    const order = await createOrder(A, fan.cookie, item.id);
    const page = await call(B, 'GET', `/__simulator/checkout?payment_session_id=${order.payment_session_id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(order.order_id);
    const paid = await payInSimulator(A, order.payment_session_id);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toContain(`order_id=${order.order_id}`);
    const answer = await verify(B, fan.cookie, order.order_id);

    expect(answer).toMatchObject({ status: 'PAID', orderId: order.order_id, contentId: item.id });
    expect(answer.expiresAt).not.toBeNull();
    // The page is now the "already paid" one on either process.
    const again = await call(A, 'GET', `/__simulator/checkout?payment_session_id=${order.payment_session_id}`);
    expect(again.status).toBe(409);
    expect(again.text).toContain('This order is already paid.');
    await expectLedgerHoldsIn(group.database);
  });

  it('let one of the admin marking a withdrawal paid on A and on B at once win', async () => {
    const { creator } = await earningCreator();
    const withdrawal = await call(A, 'POST', '/api/withdraw', {
      body: { amount: rupees(CREDIT_PAISE), upi: UPI },
      cookie: creator.cookie,
      ip: freshIp(),
    });
    expect(withdrawal.status).toBe(201);
    const { id } = withdrawResponse.parse(withdrawal.json()).withdrawal;

    const answers = await alternate(10, (server, i) =>
      call(server, 'POST', '/api/admin/withdrawals/payment-done', {
        body: { id, reference: `UTR ${i}` },
        cookie: admin,
      }),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const winner = adminWithdrawal.parse(answers.find((answer) => answer.status === 200)!.json());
    const row = await group.database.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PAID', paymentReference: winner.paymentReference });
    const audits = await group.database.db.selectFrom('auditLog').selectAll().where('subjectId', '=', id).execute();
    expect(audits).toHaveLength(1);
    await expectLedgerHoldsIn(group.database);
  });

  it('count one client against one rate limit whichever process it reaches', async () => {
    // POST /api/withdraw allows 20 per IP in 10 minutes; the limit runs before the session check.
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const answer = await call(i % 2 === 0 ? A : B, 'POST', '/api/withdraw', {
        body: { amount: 500, upi: UPI },
        ip,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(401));
    expect(statuses[20]).toBe(429);
  });

  it('count sign-ups from one network together across both', async () => {
    // Ten sign-ups per IP an hour (README "Limits").
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await call(i % 2 === 0 ? A : B, 'POST', '/api/auth/sign-up/email', {
        body: { role: 'fan', name: 'Many Fans', email: uniqueEmail('limit'), password: PASSWORD },
        ip,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

/**
 * Two apps in this one process, each with its own connections, stand in for two processes here
 * because only in-process can both passes be started at the same instant. PostgreSQL only:
 * better-sqlite3 waits for a lock synchronously, so two SQLite connections in one process would
 * block the very event loop that has to release the lock.
 */
describe.skipIf(process.env['TEST_DATABASE_URL'] === undefined)('reconcilers of two apps on one database', () => {
  it('check each open order once when their passes run at the same moment', async () => {
    const testDatabase = await createTestDatabase();
    const config = testConfig(testDatabase, { AUTH_SECRET: PROCESS_AUTH_SECRET });
    const clock = new FakeClock();
    const databases = [connectDatabase(config.database, testLogger), connectDatabase(config.database, testLogger)];
    await migrateToLatest(databases[0]!);
    const apps = [];
    try {
      for (const database of databases) {
        apps.push(
          await startApp({
            config,
            database,
            clock,
            mailer: new CapturingMailer(),
            paymentTiming: { timeoutMs: 2000, retryDelaysMs: [0, 0] },
          }),
        );
      }
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      const { item, fan } = await sellerAndFan(one);
      const fans = [fan];
      for (let i = 1; i < 6; i++) fans.push(await newFan(one, `Fan Number ${i + 1}`));
      const orders = [];
      for (const buyer of fans) orders.push(await createInApp(one, buyer.cookie, item.id));
      // Switches are per process: the one that serves the checkout keeps its webhooks.
      setInAppControls(two, { dropWebhooks: true });
      // Half are paid with the provider, but no webhook says so: only the reconcilers can tell.
      for (const order of orders.slice(0, 3)) await payInApp(two, order.payment_session_id);
      clock.advance(2 * 60_000);

      const tallies = await Promise.all([one.payments.service.reconcileOnce(), two.payments.service.reconcileOnce()]);

      expect(tallies[0].checked + tallies[1].checked).toBe(6);
      expect(tallies[0].paid + tallies[1].paid).toBe(3);
      const { db } = databases[0]!;
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'status', 'checks'])
        .where(
          'id',
          'in',
          orders.map((order) => order.order_id),
        )
        .execute();
      expect(rows.map((row) => row.checks)).toEqual(Array<number>(6).fill(1));
      expect(rows.filter((row) => row.status === 'PAID')).toHaveLength(3);
      const sales = await db
        .selectFrom('ledgerTransactions')
        .select('orderId')
        .where(
          'orderId',
          'in',
          orders.map((order) => order.order_id),
        )
        .execute();
      expect(sales).toHaveLength(3);
      await expectLedgerHolds(one);
    } finally {
      for (const app of apps) await app.close();
      // buildApp closes its own database on close; one that failed to build is closed here.
      for (const database of databases.slice(apps.length)) await database.close();
      await testDatabase.drop();
    }
  });
});
