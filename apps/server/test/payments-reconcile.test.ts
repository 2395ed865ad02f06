import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createOrder,
  expectLedgerHolds,
  newFan,
  orderEffects,
  orderRow,
  payInSimulator,
  postOrder,
  resetSimulator,
  sellerAndFan,
  setControls,
  walletOf,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const MINUTE = 60_000;

// A fresh app per test: the reconciler looks at every open order, so tallies are exact only alone.
let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
  await t.close();
});

const reconcile = () => t.app.payments.service.reconcileOnce();

/** n fans with an order each for one item; the webhooks never arrive. */
async function ordersWithoutWebhooks(n: number) {
  const { creator, item, fan } = await sellerAndFan(t.app);
  const fans = [fan];
  for (let i = 1; i < n; i++) fans.push(await newFan(t.app, `Fan Number ${i + 1}`));
  const orders = [];
  for (const one of fans) orders.push(await createOrder(t.app, one.cookie, item.id));
  setControls(t.app, { dropWebhooks: true });
  return { creator, item, fans, orders };
}

describe('reconcileOnce', () => {
  it('stops asking about an order whose paid amount did not match: no answer can mend it', async () => {
    const { orders } = await ordersWithoutWebhooks(1);
    const [order] = orders as [(typeof orders)[0]];
    setControls(t.app, { misreportAmountPaise: 100 });
    await payInSimulator(t.app, order.payment_session_id);

    t.clock.advance(2 * MINUTE);
    expect(await reconcile()).toEqual({ checked: 1, paid: 0, expired: 0 });
    expect(await orderRow(t.database, order.order_id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'amount_mismatch',
    });
    // Not polled again, however long we wait, and verify answers from the database.
    t.clock.advance(24 * 60 * MINUTE);
    expect(await reconcile()).toEqual({ checked: 0, paid: 0, expired: 0 });
    expect(await orderEffects(t.database, order.order_id)).toMatchObject({ unlocks: [], sales: [] });
  });

  it('leaves orders younger than 2 minutes alone, then settles the paid and expires the dead', async () => {
    const { orders } = await ordersWithoutWebhooks(3);
    const [paid, untouched, failed] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
    await payInSimulator(t.app, paid.payment_session_id);
    await payInSimulator(t.app, failed.payment_session_id, 'FAILED');

    t.clock.advance(2 * MINUTE - 1000);
    expect(await reconcile()).toEqual({ checked: 0, paid: 0, expired: 0 });
    for (const order of orders) expect((await orderRow(t.database, order.order_id)).status).toBe('ACTIVE');

    t.clock.advance(1000);
    expect(await reconcile()).toEqual({ checked: 3, paid: 1, expired: 0 });
    expect((await orderRow(t.database, paid.order_id)).status).toBe('PAID');
    expect((await orderRow(t.database, untouched.order_id)).status).toBe('ACTIVE');
    expect((await orderRow(t.database, failed.order_id)).status).toBe('FAILED');

    // Each open order waits a minute before its next check.
    expect(await reconcile()).toEqual({ checked: 0, paid: 0, expired: 0 });

    // Past the provider's 30 minutes, the unpaid orders are expired.
    t.clock.advance(29 * MINUTE);
    expect(await reconcile()).toEqual({ checked: 2, paid: 0, expired: 2 });
    expect((await orderRow(t.database, untouched.order_id)).status).toBe('EXPIRED');
    expect((await orderRow(t.database, failed.order_id)).status).toBe('EXPIRED');
    t.clock.advance(24 * 60 * MINUTE);
    expect(await reconcile()).toEqual({ checked: 0, paid: 0, expired: 0 });

    const effects = await orderEffects(t.database, paid.order_id);
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    expect(effects.events.map((event) => [event.source, event.outcome])).toEqual([['reconcile', 'settled']]);
    for (const order of [untouched, failed]) {
      expect(await orderEffects(t.database, order.order_id)).toMatchObject({ unlocks: [], sales: [] });
    }
  });

  it('two passes at once (two processes) settle each order exactly once', async () => {
    const { creator, item, fans, orders } = await ordersWithoutWebhooks(3);
    for (const order of orders) await payInSimulator(t.app, order.payment_session_id);
    t.clock.advance(2 * MINUTE + 1000);
    const [a, b] = await Promise.all([reconcile(), reconcile()]);
    expect(a.checked + b.checked).toBe(3);
    expect(a.paid + b.paid).toBe(3);
    for (const order of orders) {
      const effects = await orderEffects(t.database, order.order_id);
      expect(effects.status).toBe('PAID');
      expect(effects.unlocks).toHaveLength(1);
      expect(effects.sales).toHaveLength(1);
    }
    expect(await walletOf(t.database, creator.id)).toBe(3 * 14_155);
    const row = await t.database.db
      .selectFrom('contents')
      .select(['unlocks', 'earningsPaise'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ unlocks: 3, earningsPaise: 3 * 14_155 });
    for (const fan of fans) expect((await t.sentMail()).filter((message) => message.to === fan.email)).toHaveLength(1);
  });

  it('with the provider down it changes nothing, backs off, and settles on a later pass', async () => {
    const { orders } = await ordersWithoutWebhooks(1);
    const order = orders[0]!;
    await payInSimulator(t.app, order.payment_session_id);
    t.clock.advance(2 * MINUTE + 1000);
    setControls(t.app, { failNextRequests: 100 });
    expect(await reconcile()).toEqual({ checked: 1, paid: 0, expired: 0 });
    expect(await orderRow(t.database, order.order_id)).toMatchObject({ status: 'ACTIVE', checks: 1 });

    resetSimulator(t.app);
    expect(await reconcile()).toEqual({ checked: 0, paid: 0, expired: 0 });
    t.clock.advance(MINUTE);
    expect(await reconcile()).toEqual({ checked: 1, paid: 1, expired: 0 });
    expect((await orderEffects(t.database, order.order_id)).unlocks).toHaveLength(1);
  });

  it('expires an order the provider never created, once its 30 minutes are over', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    setControls(t.app, { failNextRequests: 3 });
    expect((await postOrder(t.app, fan.cookie, { contentId: item.id })).statusCode).toBe(502);
    resetSimulator(t.app);
    const [stuck] = await t.database.db.selectFrom('orders').selectAll().execute();
    expect(stuck?.status).toBe('CREATED');

    t.clock.advance(2 * MINUTE + 1000);
    expect(await reconcile()).toEqual({ checked: 1, paid: 0, expired: 0 });
    expect((await orderRow(t.database, stuck!.id)).status).toBe('CREATED');
    t.clock.advance(30 * MINUTE);
    expect(await reconcile()).toEqual({ checked: 1, paid: 0, expired: 1 });
    expect(await orderRow(t.database, stuck!.id)).toMatchObject({
      status: 'EXPIRED',
      failureReason: 'not_at_provider',
    });
  });
});

describe('the reconciler as periodic work', () => {
  it('runs a pass once per interval through the jobs queue, however many runners look', async () => {
    await t.close();
    t = await buildTestApp({ payments: { ...t.config.payments, reconcileIntervalMs: MINUTE } });
    resetSimulator(t.app);
    const { orders } = await ordersWithoutWebhooks(2);
    await payInSimulator(t.app, orders[0]!.payment_session_id);

    // Not due yet: the first pass comes one interval after start-up.
    await t.app.jobs.runDue();
    expect((await orderRow(t.database, orders[0]!.order_id)).status).toBe('ACTIVE');
    t.clock.advance(2 * MINUTE + 1000);
    await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
    expect((await orderRow(t.database, orders[0]!.order_id)).status).toBe('PAID');
    // One pass ran: the unpaid order was checked once, not once per runner.
    expect((await orderRow(t.database, orders[1]!.order_id)).checks).toBe(1);
    expect(await t.app.jobs.admin.list({ state: 'failed', limit: 10 })).toEqual([]);
  });
});
