import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type GatewayOrder,
  type GatewayPayment,
  type PaymentGateway,
  PaymentGatewayError,
} from '../src/providers/payments/payment-gateway.js';
import {
  createOrder,
  expectLedgerHolds,
  orderEffects,
  paymentsServiceOver,
  resetSimulator,
  sellerAndFan,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Provider answers the simulator never gives (Cashfree's TERMINATED, a PENDING attempt, a
 * payments list that fails): the payments service over the test database, with a scripted
 * gateway in place of the adapter.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

function serviceWith(answers: { order: () => GatewayOrder; payments: () => GatewayPayment[] }) {
  const gateway: PaymentGateway = {
    createOrder: () => Promise.reject(new Error('not used here')),
    getOrder: () => Promise.resolve().then(answers.order),
    getPayments: () => Promise.resolve().then(answers.payments),
    createRefund: () => Promise.reject(new Error('not used here')),
    getRefund: () => Promise.reject(new Error('not used here')),
    getDispute: () => Promise.reject(new Error('not used here')),
    payOrderUpi: () => Promise.reject(new Error('not used here')),
  };
  return paymentsServiceOver(t, { gateway });
}

async function openOrder() {
  const { fan, item } = await sellerAndFan(t.app);
  const order = await createOrder(t.app, fan.cookie, item.id);
  const remote = (status: string): GatewayOrder => ({
    orderId: order.order_id,
    status,
    amountPaise: order.amountPaise,
    currency: 'INR',
    paymentSessionId: order.payment_session_id,
  });
  return { fan, order, remote };
}

function attempt(status: string, paymentId = `pay_${status}`): GatewayPayment {
  return { paymentId, status, amountPaise: 14_900, currency: 'INR', time: t.clock.now(), method: 'upi' };
}

describe('verify, on provider answers the simulator does not give', () => {
  it('TERMINATED expires the order', async () => {
    const { fan, order, remote } = await openOrder();
    const service = serviceWith({ order: () => remote('TERMINATED'), payments: () => [] });
    expect((await service.verify({ kind: 'fan', fanId: fan.id }, order.order_id)).status).toBe('EXPIRED');
    expect((await orderEffects(t.database, order.order_id)).order).toMatchObject({
      status: 'EXPIRED',
      failureReason: 'terminated',
    });
  });

  it('TERMINATION_REQUESTED is still PENDING', async () => {
    const { fan, order, remote } = await openOrder();
    const service = serviceWith({ order: () => remote('TERMINATION_REQUESTED'), payments: () => [] });
    expect((await service.verify({ kind: 'fan', fanId: fan.id }, order.order_id)).status).toBe('PENDING');
  });

  it('a PENDING attempt after a failed one answers PENDING, so the page keeps polling (reference §4)', async () => {
    const { fan, order, remote } = await openOrder();
    const failedOnce = serviceWith({ order: () => remote('ACTIVE'), payments: () => [attempt('FAILED')] });
    expect((await failedOnce.verify({ kind: 'fan', fanId: fan.id }, order.order_id)).status).toBe('FAILED');
    const retrying = serviceWith({
      order: () => remote('ACTIVE'),
      payments: () => [attempt('PENDING', 'pay_2'), attempt('FAILED')],
    });
    expect((await retrying.verify({ kind: 'fan', fanId: fan.id }, order.order_id)).status).toBe('PENDING');
  });

  it('PAID settles with the successful attempt’s id, or without one when the payments list fails', async () => {
    const first = await openOrder();
    const listed = serviceWith({
      order: () => first.remote('PAID'),
      payments: () => [attempt('SUCCESS', 'pay_ok'), attempt('FAILED')],
    });
    expect((await listed.verify({ kind: 'fan', fanId: first.fan.id }, first.order.order_id)).status).toBe('PAID');
    expect((await orderEffects(t.database, first.order.order_id)).order.providerPaymentId).toBe('pay_ok');

    const second = await openOrder();
    const unlisted = serviceWith({
      order: () => second.remote('PAID'),
      payments: () => {
        throw new PaymentGatewayError('unavailable', 'down');
      },
    });
    expect((await unlisted.verify({ kind: 'fan', fanId: second.fan.id }, second.order.order_id)).status).toBe('PAID');
    const effects = await orderEffects(t.database, second.order.order_id);
    expect(effects.order).toMatchObject({ status: 'PAID', providerPaymentId: null });
    expect(effects.unlocks).toHaveLength(1);
  });

  it('PAID with a different amount settles nothing and answers FAILED', async () => {
    const { fan, order, remote } = await openOrder();
    const service = serviceWith({
      order: () => ({ ...remote('PAID'), amountPaise: 100 }),
      payments: () => [attempt('SUCCESS')],
    });
    expect((await service.verify({ kind: 'fan', fanId: fan.id }, order.order_id)).status).toBe('FAILED');
    expect(await orderEffects(t.database, order.order_id)).toMatchObject({ status: 'FAILED', unlocks: [], sales: [] });
  });

  it('a rate limit (429) answers PENDING and changes nothing', async () => {
    const { fan, order } = await openOrder();
    const service = serviceWith({
      order: () => {
        throw new PaymentGatewayError('rate_limited', 'slow down', { status: 429 });
      },
      payments: () => [],
    });
    expect((await service.verify({ kind: 'fan', fanId: fan.id }, order.order_id)).status).toBe('PENDING');
    expect((await orderEffects(t.database, order.order_id)).status).toBe('ACTIVE');
  });
});
