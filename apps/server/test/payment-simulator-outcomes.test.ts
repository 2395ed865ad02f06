import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASHFREE_API_VERSION, istTimestamp } from '../src/providers/payments/cashfree-gateway.js';
import { createPaymentSimulator, SIMULATOR_PG_BASE } from '../src/providers/payments/simulator/payment-simulator.js';
import { createSimulatorOrdersRepository } from '../src/providers/payments/simulator/simulator-orders-repository.js';
import { type SimOutcome, SimulatorStore } from '../src/providers/payments/simulator/simulator-store.js';
import { freshIp, signUp } from './accounts-helpers.js';
import { adminCookie } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  orderEffects,
  settleEverythingBefore,
  sellerAndFan,
  setControls,
  simulatorOf,
  verify,
} from './payments-helpers.js';
import { buildTestApp, createMigratedTestDatabase, FakeClock, type TestApp } from './test-app.js';

/**
 * The simulator's rarer outcomes (contract check M1, M7), its clock-driven work and its
 * retries (M2): each made on the checkout page or by a switch, met by the whole app. Time is
 * the test's FakeClock: a test moves it and calls simulator.runDue(), as the real timer would.
 */
const MINUTE = 60_000;
const ORDER_TTL_MS = 30 * MINUTE;

// One app for the file (building one per test took a third of its time on PostgreSQL). Due work
// and the reconciler's tallies span every order in the database, so each test starts after the
// ones before are over: a day and a half later, everything due done, nothing left worth asking about.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await settleEverythingBefore(t);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

/** What the fan's browser sends from the checkout page, with any outcome it offers. */
function checkout(sessionId: string, outcome: SimOutcome, method: 'upi' | 'card' | 'netbanking' = 'upi') {
  const query = new URLSearchParams({ payment_session_id: sessionId, method, outcome });
  return t.app.inject({
    method: 'GET',
    url: `/__simulator/checkout/complete?${query.toString()}`,
    remoteAddress: freshIp(),
  });
}

/** Cashfree's answer as the adapter reads it, unparsed. */
async function pg<T>(path: string): Promise<T> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${SIMULATOR_PG_BASE}${path}`,
    headers: {
      'x-client-id': 'kholo-simulator',
      'x-client-secret': simulatorOf(t.app).secret,
      'x-api-version': CASHFREE_API_VERSION,
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

interface PaymentEntity {
  cf_payment_id: string;
  payment_status: string;
  payment_message: string;
  payment_time: string;
  payment_completion_time: string | null;
  is_captured: boolean;
  error_details: Record<string, string> | null;
}
const paymentsOf = (orderId: string) => pg<PaymentEntity[]>(`/orders/${orderId}/payments`);
const orderStatusOf = async (orderId: string) =>
  (await pg<{ order_status: string }>(`/orders/${orderId}`)).order_status;

async function openOrder() {
  const { fan, item, creator } = await sellerAndFan(t.app);
  const order = await createOrder(t.app, fan.cookie, item.id);
  return { fan, item, creator, order };
}

describe('M7: a PENDING attempt', () => {
  it('stays pending with no webhook, then the bank confirms it on the clock and its webhook settles the order', async () => {
    const { fan, order } = await openOrder();
    const madeAt = t.clock.now();
    expect((await checkout(order.payment_session_id, 'PENDING')).statusCode).toBe(303);
    expect(await paymentsOf(order.order_id)).toEqual([
      expect.objectContaining({
        payment_status: 'PENDING',
        payment_message: 'Transaction is pending at the bank',
        payment_time: istTimestamp(madeAt),
        payment_completion_time: null,
        is_captured: false,
        error_details: null,
      }),
    ]);
    expect(await orderStatusOf(order.order_id)).toBe('ACTIVE');
    expect((await orderEffects(t.database, order.order_id)).events).toEqual([]);
    // The fan's page keeps polling: Kholo reads the pending attempt and answers PENDING.
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('PENDING');

    t.clock.advance(2 * MINUTE - 1);
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
    t.clock.advance(1);
    // Cashfree reports the answer as soon as the bank gives it; the webhook follows.
    expect(await orderStatusOf(order.order_id)).toBe('PAID');
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 1,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.events).toEqual([
      expect.objectContaining({ source: 'webhook', eventType: 'PAYMENT_SUCCESS_WEBHOOK', outcome: 'settled' }),
    ]);
    const [payment] = await paymentsOf(order.order_id);
    expect(payment).toMatchObject({
      payment_status: 'SUCCESS',
      payment_message: '00::Transaction success',
      payment_time: istTimestamp(madeAt),
      payment_completion_time: istTimestamp(madeAt + 2 * MINUTE),
      is_captured: true,
    });
    // Confirmed once: nothing is due any more, and no second webhook.
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
  });

  it('resolves as FAILED when the admin says so, with the failed webhook', async () => {
    const { order } = await openOrder();
    setControls(t.app, { pendingResolvesTo: 'FAILED', pendingResolveAfterMs: 30_000 });
    await checkout(order.payment_session_id, 'PENDING', 'card');
    t.clock.advance(30_000);
    expect(await simulatorOf(t.app).runDue()).toMatchObject({ attemptsSettled: 1 });
    expect(await orderStatusOf(order.order_id)).toBe('ACTIVE');
    expect((await paymentsOf(order.order_id))[0]).toMatchObject({
      payment_status: 'FAILED',
      error_details: expect.objectContaining({ error_code: 'TRANSACTION_DECLINED' }),
    });
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'FAILED', failureReason: 'failed' });
    expect(effects.events).toEqual([expect.objectContaining({ eventType: 'PAYMENT_FAILED_WEBHOOK' })]);
  });

  it('an attempt after it records its answer first: FAILED → PENDING → SUCCESS as Cashfree can send them', async () => {
    const { order } = await openOrder();
    await checkout(order.payment_session_id, 'FAILED');
    setControls(t.app, { pendingResolvesTo: 'FAILED' });
    await checkout(order.payment_session_id, 'PENDING');
    t.clock.advance(2 * MINUTE);
    // The fan tries again before anyone ran the due work: this write records the pending one's FAILED.
    expect((await checkout(order.payment_session_id, 'SUCCESS')).statusCode).toBe(303);
    expect((await paymentsOf(order.order_id)).map((payment) => payment.payment_status)).toEqual([
      'SUCCESS',
      'FAILED',
      'FAILED',
    ]);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.events.map((event) => event.eventType).sort()).toEqual([
      'PAYMENT_FAILED_WEBHOOK',
      'PAYMENT_FAILED_WEBHOOK',
      'PAYMENT_SUCCESS_WEBHOOK',
    ]);
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
  });

  it('is confirmed once when two processes look for due work at the same time', async () => {
    const { order } = await openOrder();
    await checkout(order.payment_session_id, 'PENDING');
    t.clock.advance(2 * MINUTE);
    const other = new SimulatorStore(createSimulatorOrdersRepository(t.database.db), () => t.clock.now());
    const [mine, theirs] = await Promise.all([simulatorOf(t.app).store.settleDue(), other.settleDue()]);
    expect(mine.attempts.length + theirs.attempts.length).toBe(1);
    expect([...mine.attempts, ...theirs.attempts][0]?.order.status).toBe('PAID');
  });
});

describe('M7: NOT_ATTEMPTED, CANCELLED and VOID attempts', () => {
  it.each([
    ['NOT_ATTEMPTED', 'PENDING', 'ACTIVE', 'Payment not attempted', null],
    ['CANCELLED', 'FAILED', 'FAILED', 'Transaction cancelled', 'TRANSACTION_CANCELLED'],
    ['VOID', 'FAILED', 'FAILED', 'Authorization voided', 'AUTHORIZATION_VOIDED'],
  ] as const)(
    '%s: shown by Get Payments in Cashfree’s shape, with no webhook; verify answers %s',
    async (outcome, answer, stored, message, errorCode) => {
      const { fan, order } = await openOrder();
      expect((await checkout(order.payment_session_id, outcome, 'netbanking')).statusCode).toBe(303);
      const [payment] = await paymentsOf(order.order_id);
      expect(payment).toMatchObject({
        payment_status: outcome,
        payment_message: message,
        is_captured: false,
        error_details: errorCode === null ? null : expect.objectContaining({ error_code: errorCode }),
      });
      expect(payment?.payment_completion_time === null).toBe(outcome === 'NOT_ATTEMPTED');
      expect(await orderStatusOf(order.order_id)).toBe('ACTIVE');
      expect((await orderEffects(t.database, order.order_id)).events).toEqual([]);
      expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe(answer);
      expect((await orderEffects(t.database, order.order_id)).status).toBe(stored);
      // The order can still be paid.
      expect((await checkout(order.payment_session_id, 'SUCCESS')).statusCode).toBe(303);
      expect((await orderEffects(t.database, order.order_id)).status).toBe('PAID');
    },
  );
});

describe('M1: a success confirmed after the order expired', () => {
  it('is pending, then the order is EXPIRED, then PAID with its webhook once the bank confirms', async () => {
    const { fan, order } = await openOrder();
    const createdAt = t.clock.now();
    t.clock.advance(25 * MINUTE);
    expect((await checkout(order.payment_session_id, 'SUCCESS_LATE')).statusCode).toBe(303);
    expect((await paymentsOf(order.order_id))[0]).toMatchObject({ payment_status: 'PENDING' });
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('PENDING');

    t.clock.advance(5 * MINUTE + 1);
    expect(await orderStatusOf(order.order_id)).toBe('EXPIRED');
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('EXPIRED');
    const page = await t.app.inject({ method: 'GET', url: order.checkout.url! });
    expect(page.body).toContain('This payment session expired.');

    // Five minutes after the expiry (lateSuccessAfterExpiryMs) the bank says yes.
    t.clock.advance(5 * MINUTE - 1);
    expect(await orderStatusOf(order.order_id)).toBe('PAID');
    expect((await paymentsOf(order.order_id))[0]).toMatchObject({
      payment_status: 'SUCCESS',
      payment_time: istTimestamp(createdAt + 25 * MINUTE),
      payment_completion_time: istTimestamp(createdAt + ORDER_TTL_MS + 5 * MINUTE),
    });
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 1,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
    // The webhook alone settles an EXPIRED order (settlement allows EXPIRED → PAID).
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.events).toContainEqual(
      expect.objectContaining({ eventType: 'PAYMENT_SUCCESS_WEBHOOK', outcome: 'settled' }),
    );
  });

  it('with its webhook lost, only Get Order and Get Payments tell (what the reconciler must ask)', async () => {
    const { order } = await openOrder();
    setControls(t.app, { dropWebhooks: true, lateSuccessAfterExpiryMs: MINUTE });
    await checkout(order.payment_session_id, 'SUCCESS_LATE');
    t.clock.advance(ORDER_TTL_MS + 1);
    expect(await orderStatusOf(order.order_id)).toBe('EXPIRED');
    t.clock.advance(MINUTE);
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 1,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
    expect(await orderStatusOf(order.order_id)).toBe('PAID');
    expect((await paymentsOf(order.order_id))[0]?.payment_status).toBe('SUCCESS');
    expect((await orderEffects(t.database, order.order_id)).events).toEqual([]);
  });

  it('expireOrdersAfterMs makes orders expire sooner, so a late success takes seconds on a real clock', async () => {
    setControls(t.app, { expireOrdersAfterMs: 5_000, lateSuccessAfterExpiryMs: 2_000 });
    const { order } = await openOrder();
    await checkout(order.payment_session_id, 'SUCCESS_LATE');
    t.clock.advance(5_001);
    expect(await orderStatusOf(order.order_id)).toBe('EXPIRED');
    t.clock.advance(2_000);
    expect(await simulatorOf(t.app).runDue()).toMatchObject({ attemptsSettled: 1 });
    expect((await orderEffects(t.database, order.order_id)).status).toBe('PAID');
  });
});

describe('M2: webhook retries on the clock', () => {
  it('a refused webhook is retried when the clock reaches each retry, keeping its first timestamp when asked', async () => {
    const { order } = await openOrder();
    setControls(t.app, {
      tamperWebhooks: true,
      keepFirstWebhookTimestamp: true,
      webhookRetryDelaysMs: [2 * MINUTE, 10 * MINUTE, 30 * MINUTE],
    });
    await checkout(order.payment_session_id, 'SUCCESS');
    expect((await orderEffects(t.database, order.order_id)).status).toBe('ACTIVE');
    t.clock.advance(2 * MINUTE);
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 1,
    });
    expect((await orderEffects(t.database, order.order_id)).status).toBe('ACTIVE');

    // The key is right again; the third attempt, 12 minutes after the first and with its
    // timestamp, is inside the replay window.
    setControls(t.app, { tamperWebhooks: false });
    t.clock.advance(10 * MINUTE - 1);
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
    t.clock.advance(1);
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 1,
    });
    expect((await orderEffects(t.database, order.order_id)).status).toBe('PAID');
    t.clock.advance(60 * MINUTE);
    expect(await simulatorOf(t.app).runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
  });
});

describe('the new switches and run-due are the admin’s alone', () => {
  it('a fan cannot set them or run due work; the admin can', async () => {
    const fan = await signUp(t.app, { role: 'fan' });
    const switches = {
      keepFirstWebhookTimestamp: true,
      pendingResolveAfterMs: 1000,
      pendingResolvesTo: 'FAILED',
      lateSuccessAfterExpiryMs: 2000,
      expireOrdersAfterMs: 60_000,
    };
    const post = (url: string, cookie?: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers: cookie === undefined ? {} : { cookie } });
    expect((await post('/__simulator/controls', undefined, switches)).statusCode).toBe(401);
    expect((await post('/__simulator/controls', fan.cookie, switches)).statusCode).toBe(403);
    expect((await post('/__simulator/run-due')).statusCode).toBe(401);
    expect((await post('/__simulator/run-due', fan.cookie)).statusCode).toBe(403);
    expect(simulatorOf(t.app).controls).toMatchObject({ keepFirstWebhookTimestamp: false, expireOrdersAfterMs: null });

    const admin = await adminCookie(t.app);
    const changed = await post('/__simulator/controls', admin, switches);
    expect(changed.statusCode).toBe(200);
    expect(simulatorOf(t.app).controls).toMatchObject(switches);
    const ran = await post('/__simulator/run-due', admin);
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toEqual({ attemptsSettled: 0, refundsSettled: 0, disputesLapsed: 0, webhooksRetried: 0 });
    // Values out of range are ignored or capped.
    await post('/__simulator/controls', admin, { pendingResolvesTo: 'MAYBE', expireOrdersAfterMs: 10 ** 12 });
    expect(simulatorOf(t.app).controls).toMatchObject({ pendingResolvesTo: 'FAILED', expireOrdersAfterMs: 86_400_000 });
    await post('/__simulator/controls', admin, { expireOrdersAfterMs: null });
    expect(simulatorOf(t.app).controls.expireOrdersAfterMs).toBeNull();
  });

  it('the checkout page offers the rarer outcomes; an unknown one is refused', async () => {
    const { order } = await openOrder();
    const page = await t.app.inject({ method: 'GET', url: order.checkout.url! });
    for (const outcome of ['PENDING', 'SUCCESS_LATE', 'NOT_ATTEMPTED', 'CANCELLED', 'VOID']) {
      expect(page.body).toContain(`name="outcome" value="${outcome}"`);
    }
    expect((await checkout(order.payment_session_id, 'MAYBE' as SimOutcome)).statusCode).toBe(400);
  });
});

describe('on a clock that moves by itself', () => {
  it('a timer does the due work: the pending attempt’s webhook goes out without anyone asking', async () => {
    const own = await createMigratedTestDatabase();
    const clock = new FakeClock();
    const delivered: string[] = [];
    const simulator = createPaymentSimulator({
      db: own.database.db,
      clientId: 'kholo-simulator',
      clientSecret: 'sim-secret',
      publicUrl: 'http://localhost:3000',
      now: () => clock.now(),
      transport: (_url, init) => {
        delivered.push(typeof init.body === 'string' ? init.body : '');
        return Promise.resolve(new Response('{}'));
      },
      webhookPath: '/api/payment/webhook',
      logger: { warn: () => undefined },
      authorizeControls: () => Promise.resolve(),
      followClockEveryMs: 10,
    });
    try {
      const created = await simulator.store.create({
        order_id: 'kh_timer_1',
        order_amount: 10,
        order_currency: 'INR',
        customer_details: { customer_id: 'fan123', customer_phone: '9999999999' },
      });
      expect(created).toHaveProperty('order');
      await simulator.store.pay('kh_timer_1', 'upi', 'PENDING');
      clock.advance(2 * MINUTE);
      await vi.waitFor(() => {
        expect(delivered).toEqual([expect.stringContaining('"type":"PAYMENT_SUCCESS_WEBHOOK"')]);
      });
    } finally {
      simulator.close();
      await own.close();
    }
  });
});
