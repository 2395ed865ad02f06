import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayOrder, GatewayPayment, PaymentGateway } from '../src/providers/payments/payment-gateway.js';
import {
  createOrder,
  expectLedgerHolds,
  orderEffects,
  paymentsServiceOver,
  resetSimulator,
  sellerAndFan,
  walletOf,
} from './payments-helpers.js';
import { createContentRepository } from '../src/features/content/index.js';
import { payableOrder } from '../src/features/payments/index.js';
import { contentRow } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * A payment that succeeds after its order expired (cashfree-audit.md M1): Cashfree documents that
 * an attempt started before the expiry can still end PAID. The reconciler keeps asking about an
 * order the provider expired through LATE_PAYMENT_GRACE_HOURS, settles a late success exactly
 * once, and stops early once no attempt can still succeed. A scripted gateway plays Cashfree.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

/** Cashfree as a script: what it says about the order and its attempts now, and how often it was asked. */
function scriptedProvider(order: { order_id: string; amountPaise: number; payment_session_id: string }) {
  const state = { orderStatus: 'ACTIVE', attempts: [] as GatewayPayment[], asked: 0 };
  const gateway: PaymentGateway = {
    createOrder: () => Promise.reject(new Error('not used here')),
    getOrder: (orderId) => {
      state.asked += 1;
      return Promise.resolve<GatewayOrder>({
        orderId,
        status: state.orderStatus,
        amountPaise: order.amountPaise,
        currency: 'INR',
        paymentSessionId: order.payment_session_id,
      });
    },
    getPayments: () => Promise.resolve(state.attempts),
    createRefund: () => Promise.reject(new Error('not used here')),
    getRefund: () => Promise.reject(new Error('not used here')),
    getDispute: () => Promise.reject(new Error('not used here')),
    payOrderUpi: () => Promise.reject(new Error('not used here')),
  };
  return { state, service: paymentsServiceOver(t, { gateway }) };
}

function attempt(status: string, paymentId: string): GatewayPayment {
  return { paymentId, status, amountPaise: 14_900, currency: 'INR', time: t.clock.now(), method: 'upi' };
}

async function expiredCheckout() {
  const { fan, item, creator } = await sellerAndFan(t.app);
  const order = await createOrder(t.app, fan.cookie, item.id);
  const provider = scriptedProvider(order);
  // The fan started paying; her bank has not answered when the 30 minutes run out.
  provider.state.attempts = [attempt('PENDING', 'pay_late_1')];
  provider.state.orderStatus = 'EXPIRED';
  t.clock.advance(31 * MINUTE);
  await provider.service.reconcileOnce(1000);
  expect((await orderEffects(t.database, order.order_id)).order).toMatchObject({
    status: 'EXPIRED',
    failureReason: 'expired',
  });
  return { fan, creator, item, order, provider };
}

describe('a payment that succeeds after its order expired', () => {
  it('is found by the reconciler and settles once: the unlock, the sale and the wallet', async () => {
    const { fan, creator, order, provider } = await expiredCheckout();
    // Hours later the bank confirms; Cashfree's order turns PAID. No webhook ever arrives.
    provider.state.orderStatus = 'PAID';
    provider.state.attempts = [attempt('SUCCESS', 'pay_late_1')];
    t.clock.advance(5 * HOUR);
    await provider.service.reconcileOnce(1000);

    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'PAID', providerPaymentId: 'pay_late_1', failureReason: null });
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.unlocks[0]).toMatchObject({ fanId: fan.id, purchasedAt: t.clock.now() });
    expect(effects.sales).toHaveLength(1);
    expect(await walletOf(t.database, creator.id)).toBe(14_155);

    // Asked again, or told by a webhook, nothing doubles.
    t.clock.advance(5 * HOUR);
    await provider.service.reconcileOnce(1000);
    expect(
      await provider.service.handleWebhook({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: order.order_id,
        paymentId: 'pay_late_1',
        paymentStatus: 'SUCCESS',
        orderAmountPaise: 14_900,
        paymentAmountPaise: 14_900,
        currency: 'INR',
        paymentMethod: 'upi',
        idempotencyKey: null,
      }),
    ).toBe('already_paid');
    expect((await orderEffects(t.database, order.order_id)).unlocks).toHaveLength(1);
    expect(await walletOf(t.database, creator.id)).toBe(14_155);
  });

  it('settles once when its webhook and the reconciler bring the news at the same moment', async () => {
    const { creator, order, provider } = await expiredCheckout();
    provider.state.orderStatus = 'PAID';
    provider.state.attempts = [attempt('SUCCESS', 'pay_late_2')];
    t.clock.advance(2 * HOUR);
    const outcomes = await Promise.all([
      provider.service.reconcileOnce(1000),
      provider.service.handleWebhook({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: order.order_id,
        paymentId: 'pay_late_2',
        paymentStatus: 'SUCCESS',
        orderAmountPaise: 14_900,
        paymentAmountPaise: 14_900,
        currency: 'INR',
        paymentMethod: 'upi',
        idempotencyKey: null,
      }),
    ]);
    expect(['settled', 'already_paid']).toContain(outcomes[1]);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    expect(await walletOf(t.database, creator.id)).toBe(14_155);
  });

  it('is asked about until no attempt can still succeed, then never again', async () => {
    const { order, provider } = await expiredCheckout();
    // The pending attempt is still pending: the order stays worth asking about.
    t.clock.advance(HOUR);
    await provider.service.reconcileOnce(1000);
    expect((await orderEffects(t.database, order.order_id)).order.failureReason).toBe('expired');
    // The bank declined it: nothing is left that could succeed.
    provider.state.attempts = [attempt('FAILED', 'pay_late_1')];
    t.clock.advance(4 * HOUR);
    await provider.service.reconcileOnce(1000);
    expect((await orderEffects(t.database, order.order_id)).order).toMatchObject({
      status: 'EXPIRED',
      failureReason: 'expired_unpaid',
    });
    const asked = provider.state.asked;
    t.clock.advance(4 * HOUR);
    await provider.service.reconcileOnce(1000);
    expect(provider.state.asked).toBe(asked);
    // A webhook of a success still settles it: money that arrived buys what it paid for.
    expect(
      await provider.service.handleWebhook({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: order.order_id,
        paymentId: 'pay_late_3',
        paymentStatus: 'SUCCESS',
        orderAmountPaise: 14_900,
        paymentAmountPaise: 14_900,
        currency: 'INR',
        paymentMethod: 'upi',
        idempotencyKey: null,
      }),
    ).toBe('settled');
  });

  it('is asked about only through the grace window after the expiry, backing off to every 4 hours', async () => {
    const { order, provider } = await expiredCheckout();
    const checks: number[] = [];
    // Step through the day in 10-minute ticks, as the reconciler's loop would run.
    for (let minutes = 0; minutes <= 26 * 60; minutes += 10) {
      const before = provider.state.asked;
      await provider.service.reconcileOnce(1000);
      if (provider.state.asked > before) checks.push(minutes);
      t.clock.advance(10 * MINUTE);
    }
    // Still expired, still pending at the provider: asked a handful of times, the last gaps 4 hours.
    expect(checks.length).toBeGreaterThan(3);
    expect(checks.length).toBeLessThan(15);
    const gaps = checks.slice(1).map((at, i) => at - (checks[i] as number));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(4 * 60 + 10);
    // Nothing after the 24 hours that followed the order's expiry (it expired 31 minutes in).
    expect(Math.max(...checks)).toBeLessThanOrEqual(24 * 60);
    expect((await orderEffects(t.database, order.order_id)).order.status).toBe('EXPIRED');
  });

  it('sends back a late payment for an item its creator deleted meanwhile (issue 22): no unlock, a refund', async () => {
    const { creator, item, order, provider } = await expiredCheckout();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await contentRow(t.database, item.id)).filesRemovedAt).toBeNull();

    provider.state.orderStatus = 'PAID';
    provider.state.attempts = [attempt('SUCCESS', 'pay_late_4')];
    t.clock.advance(3 * HOUR);
    await provider.service.reconcileOnce(1000);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'EXPIRED', failureReason: 'late_payment' });
    expect(effects.unlocks).toHaveLength(0);
    expect(effects.sales).toHaveLength(0);
    // The money goes back through the refunds feature (refunds.test.ts covers it end to end).
  });

  it('lets a deleted item’s files go once no attempt of its expired order can still succeed', async () => {
    const { creator, item, provider } = await expiredCheckout();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(removed.statusCode).toBe(204);
    // What the storage sweep asks: may its files go now? Not while the pending attempt may succeed.
    const contents = createContentRepository(t.database.db, {
      payableOrder: payableOrder(t.config.payments.latePaymentGraceMs),
    });
    expect(await contents.releaseFilesIfUnneeded(item.id, t.clock.now())).toEqual([]);
    provider.state.attempts = [attempt('FAILED', 'pay_late_5')];
    t.clock.advance(HOUR);
    await provider.service.reconcileOnce(1000);
    expect(await contents.releaseFilesIfUnneeded(item.id, t.clock.now())).not.toEqual([]);
    expect((await contentRow(t.database, item.id)).filesRemovedAt).toBe(t.clock.now());
  });
});
