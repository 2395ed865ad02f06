import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorOrdersRepository } from '../src/providers/payments/simulator/simulator-orders-repository.js';
import { MAX_ATTEMPTS, SimulatorStore } from '../src/providers/payments/simulator/simulator-store.js';
import { signUp } from './accounts-helpers.js';
import { adminCookie } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  orderEffects,
  payInSimulator,
  resetSimulator,
  sellerAndFan,
  sendWebhook,
  simulatorOf,
  webhookBody,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  resetSimulator(t.app);
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

describe('the simulator guards its Cashfree API like Cashfree', () => {
  it.each(['/__simulator/pg/orders', '/__simulator/%70g/orders', '/__simulator/p%67/orders'])(
    'POST %s without keys → 401',
    async (url) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { order_id: 'kh_forged_1', order_amount: 1, order_currency: 'INR' },
        headers: { 'x-api-version': '2025-01-01' },
      });
      expect(response.statusCode).toBe(401);
      expect(await simulatorOf(t.app).store.get('kh_forged_1')).toBeUndefined();
    },
  );

  it('refuses customer details longer than Cashfree allows, keeping only its known fields', async () => {
    const headers = {
      'x-client-id': 'kholo-simulator',
      'x-client-secret': simulatorOf(t.app).secret,
      'x-api-version': '2025-01-01',
    };
    const order = (customer: Record<string, string>) => ({
      order_id: `kh_customer_${Math.random().toString(36).slice(2, 10)}`,
      order_amount: 10,
      order_currency: 'INR',
      customer_details: { customer_id: 'fan123', customer_phone: '9999999999', ...customer },
    });
    const long = await t.app.inject({
      method: 'POST',
      url: '/__simulator/pg/orders',
      headers,
      payload: order({ customer_email: `${'a'.repeat(95)}@x.com` }),
    });
    expect(long.statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/__simulator/pg/orders',
      headers,
      payload: order({ customer_email: 'fan@example.com', padding: 'x'.repeat(60_000) }),
    });
    expect(extra.statusCode).toBe(200);
    expect(extra.json<{ customer_details: Record<string, string> }>().customer_details).toEqual({
      customer_id: 'fan123',
      customer_phone: '9999999999',
      customer_email: 'fan@example.com',
    });
  });

  it('lets a fan with an email too long for Cashfree still pay: the adapter leaves it out', async () => {
    const { item } = await sellerAndFan(t.app);
    const fan = await signUp(t.app, { role: 'fan', name: 'Long Address', email: `${'l'.repeat(100)}@example.com` });
    const order = await createOrder(t.app, fan.cookie, item.id);
    expect((await simulatorOf(t.app).store.get(order.order_id))?.customer).not.toHaveProperty('customer_email');
  });
});

describe('test switches over HTTP', () => {
  it('are for the admin only', async () => {
    const fan = await signUp(t.app, { role: 'fan' });
    const change = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/__simulator/controls',
        payload: { failNextRequests: 1000 },
        headers: cookie === undefined ? {} : { cookie },
      });
    expect((await change()).statusCode).toBe(401);
    expect((await change(fan.cookie)).statusCode).toBe(403);
    expect(simulatorOf(t.app).controls.failNextRequests).toBe(0);
    const admin = await adminCookie(t.app);
    const changed = await change(admin);
    expect(changed.statusCode).toBe(200);
    expect(simulatorOf(t.app).controls.failNextRequests).toBe(1000);
  });
});

describe('checkout attempts', () => {
  it(`stop after ${MAX_ATTEMPTS} on one order`, async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      expect((await payInSimulator(t.app, order.payment_session_id, 'FAILED')).statusCode).toBe(303);
    }
    expect((await payInSimulator(t.app, order.payment_session_id, 'SUCCESS')).statusCode).toBe(429);
    expect((await orderEffects(t.database, order.order_id)).unlocks).toEqual([]);
  });
});

describe('orders in the database, shared by every process', () => {
  /** A second process's view of the same orders: its own store over the same database. */
  const otherProcessStore = () =>
    new SimulatorStore(createSimulatorOrdersRepository(t.database.db), () => t.clock.now());

  it('records every one of several attempts racing on one order, from two stores', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    const stores = [simulatorOf(t.app).store, otherProcessStore()];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => stores[i % 2]!.pay(order.order_id, 'upi', 'FAILED')),
    );
    expect(results.every((result) => 'payment' in result)).toBe(true);
    const stored = await simulatorOf(t.app).store.get(order.order_id);
    expect(stored?.payments).toHaveLength(6);
    expect(new Set(stored?.payments.map((payment) => payment.cfPaymentId)).size).toBe(6);
    expect(stored?.status).toBe('ACTIVE');
  });

  it('lets only one of two payments racing on one order succeed', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    const results = await Promise.all([
      simulatorOf(t.app).store.pay(order.order_id, 'upi', 'SUCCESS'),
      otherProcessStore().pay(order.order_id, 'card', 'SUCCESS'),
    ]);
    expect(results.filter((result) => 'payment' in result)).toHaveLength(1);
    expect(results.filter((result) => 'refused' in result)).toEqual([{ refused: 'not_active' }]);
    const stored = await otherProcessStore().get(order.order_id);
    expect(stored?.status).toBe('PAID');
    expect(stored?.payments).toHaveLength(1);
  });

  it('refuses an order id it already has, whichever store made it', async () => {
    const body = {
      order_id: 'kh_twice_1',
      order_amount: 10,
      order_currency: 'INR',
      customer_details: { customer_id: 'fan123', customer_phone: '9999999999' },
    };
    expect(await simulatorOf(t.app).store.create(body)).toHaveProperty('order');
    expect(await otherProcessStore().create(body)).toEqual({
      error: { status: 409, code: 'order_already_exists', message: 'order with same id is already present' },
    });
  });

  it('forgets unpaid orders a day old and paid ones 60 days old, and all but the newest unpaid ones when there are too many', async () => {
    const own = await buildTestApp();
    const DAY = 24 * 60 * 60_000;
    try {
      const store = simulatorOf(own.app).store;
      const repository = createSimulatorOrdersRepository(own.database.db);
      const make = (orderId: string) =>
        store.create({
          order_id: orderId,
          order_amount: 10,
          order_currency: 'INR',
          customer_details: { customer_id: 'fan123', customer_phone: '9999999999' },
        });
      const startedAt = own.clock.now();
      await make('kh_old_1');
      await make('kh_paid_1');
      await store.pay('kh_paid_1', 'upi', 'SUCCESS');
      own.clock.advance(DAY - 1);
      // Each create prunes, at most once a minute: this one finds nothing a day old yet.
      await make('kh_new_1');
      expect(await store.get('kh_old_1')).toBeDefined();
      own.clock.advance(60_000);
      await make('kh_new_2');
      expect(await store.get('kh_old_1')).toBeUndefined();
      // Paid orders stay for refunds and disputes.
      expect(await store.get('kh_paid_1')).toMatchObject({ status: 'PAID' });
      expect(await store.get('kh_new_1')).toBeDefined();

      // The boundaries, exactly: older than a day (unpaid) or 60 days (paid) goes.
      await repository.deleteOld({ unpaidBefore: startedAt + DAY - 1, paidBefore: startedAt, keepUnpaid: 100 });
      expect(await store.get('kh_new_1')).toBeDefined();
      await repository.deleteOld({ unpaidBefore: startedAt + DAY, paidBefore: startedAt, keepUnpaid: 100 });
      expect(await store.get('kh_new_1')).toBeUndefined();
      expect(await store.get('kh_paid_1')).toBeDefined();
      await repository.deleteOld({ unpaidBefore: 0, paidBefore: startedAt + 1, keepUnpaid: 100 });
      expect(await store.get('kh_paid_1')).toBeUndefined();

      // Too many: only unpaid orders count, and only they go.
      await make('kh_paid_2');
      await store.pay('kh_paid_2', 'card', 'SUCCESS');
      for (const id of ['kh_new_3', 'kh_new_4', 'kh_new_5']) {
        own.clock.advance(1);
        await make(id);
      }
      await repository.deleteOld({ unpaidBefore: 0, paidBefore: 0, keepUnpaid: 2 });
      expect(await store.get('kh_new_2')).toBeUndefined();
      expect(await store.get('kh_new_3')).toBeUndefined();
      expect(await store.get('kh_new_4')).toBeDefined();
      expect(await store.get('kh_new_5')).toBeDefined();
      expect(await store.get('kh_paid_2')).toBeDefined();

      // Sixty days on, a paid order is forgotten by the next create.
      own.clock.advance(60 * DAY);
      await make('kh_new_6');
      expect(await store.get('kh_paid_2')).toBeUndefined();
    } finally {
      await own.close();
    }
  });
});

describe('webhook amounts', () => {
  it('asks the provider when less was paid than the order states, and settles on its PAID', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    setDrop();
    await payInSimulator(t.app, order.payment_session_id);
    const paymentId = (await simulatorOf(t.app).store.get(order.order_id))?.payments[0]?.cfPaymentId ?? 'none';
    const body = webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentAmountPaise: 13_900, paymentId });
    expect((await sendWebhook(t, body)).statusCode).toBe(200);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.events.map((event) => event.outcome)).toContain('settled_after_check');
  });

  it('closes an order that had already failed once when a mismatched payment arrives', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    await payInSimulator(t.app, order.payment_session_id, 'FAILED');
    const body = webhookBody({ orderId: order.order_id, amountPaise: 100, paymentId: 'mismatch-1' });
    expect((await sendWebhook(t, body)).statusCode).toBe(200);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'FAILED', failureReason: 'amount_mismatch' });
    expect(effects.unlocks).toEqual([]);
  });
});

function setDrop(): void {
  simulatorOf(t.app).controls = { ...simulatorOf(t.app).controls, dropWebhooks: true };
}
