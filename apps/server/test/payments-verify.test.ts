import { setTimeout as sleep } from 'node:timers/promises';
import type { VerifyPaymentResponse } from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, signUp } from './accounts-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  moneySnapshot,
  newFan,
  orderEffects,
  payInSimulator,
  postOrder,
  postVerify,
  resetSimulator,
  sellerAndFan,
  setControls,
  simulatorOf,
  verify,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

async function openOrder(app = t) {
  const cast = await sellerAndFan(app.app);
  const order = await createOrder(app.app, cast.fan.cookie, cast.item.id);
  return { ...cast, order };
}

describe('POST /api/payment/verify-payment: who may ask', () => {
  it('needs a session', async () => {
    const { order } = await openOrder();
    const response = await postVerify(t.app, undefined, order.order_id);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 for another person’s order, even one that is paid, and changes nothing', async () => {
    const { creator, order } = await openOrder();
    setControls(t.app, { dropWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id);
    const stranger = await newFan(t.app, 'Neha Gupta');
    const before = await moneySnapshot(t.database);
    for (const cookie of [stranger.cookie, creator.cookie]) {
      const response = await postVerify(t.app, cookie, order.order_id);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Order not found.' });
    }
    // Nobody asked the provider on their behalf, so the paid order is still waiting for its owner.
    expect(await moneySnapshot(t.database)).toEqual(before);
    expect((await orderEffects(t.database, order.order_id)).status).toBe('ACTIVE');
  });

  it('answers 404 for an order id that does not exist', async () => {
    const { fan } = await openOrder();
    const response = await postVerify(t.app, fan.cookie, 'kh_doesnotexist0000');
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['with spaces and punctuation', 'kh bad id!'],
    ['too short', 'kh'],
    ['too long', `kh_${'x'.repeat(43)}`],
    ['a number', 12_345],
    ['null', null],
    ['missing', undefined],
  ])('refuses an order id %s with 400 and a field error', async (_name, orderId) => {
    const { fan } = await openOrder();
    const response = await postVerify(t.app, fan.cookie, orderId);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { order_id: expect.any(String) } });
  });
});

describe('POST /api/payment/verify-payment: what it answers', () => {
  it('PENDING before the fan pays', async () => {
    const { item, fan, order } = await openOrder();
    const response = await postVerify(t.app, fan.cookie, order.order_id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'PENDING',
      orderId: order.order_id,
      contentId: item.id,
      amountPaise: 14_900,
      expiresAt: null,
      failure: null,
      failedAt: null,
      checkoutEmail: null,
    });
  });

  it('FAILED after the Fail button and after Cancel, then PAID when the fan pays on the same order', async () => {
    const { fan, order } = await openOrder();
    await payInSimulator(t.app, order.payment_session_id, 'FAILED', 'card');
    expect(await verify(t.app, fan.cookie, order.order_id)).toMatchObject({ status: 'FAILED', failure: 'declined' });
    // Cancel took no money, and the answer says so (the page tells her she was not charged).
    const declinedAt = (await verify(t.app, fan.cookie, order.order_id)).failedAt;
    t.clock.advance(1000);
    await payInSimulator(t.app, order.payment_session_id, 'USER_DROPPED', 'netbanking');
    // Told after the first, so a page that started this attempt later knows it is its own.
    expect(await verify(t.app, fan.cookie, order.order_id)).toMatchObject({
      status: 'FAILED',
      failure: 'cancelled',
      failedAt: declinedAt! + 1000,
    });
    // The retry's webhook is lost; verify finds the payment at the provider.
    setControls(t.app, { dropWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id, 'SUCCESS', 'upi');
    const answer = await verify(t.app, fan.cookie, order.order_id);
    expect(answer).toMatchObject({ status: 'PAID', expiresAt: t.clock.now() + 14 * DAY, failure: null });
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
  });

  it('FAILED when verify is the first to hear of a failed attempt', async () => {
    const { fan, order } = await openOrder();
    setControls(t.app, { dropWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id, 'FAILED');
    expect((await orderEffects(t.database, order.order_id)).status).toBe('ACTIVE');
    // The reason comes with the news verify itself brought.
    expect(await verify(t.app, fan.cookie, order.order_id)).toMatchObject({ status: 'FAILED', failure: 'declined' });
    expect((await orderEffects(t.database, order.order_id)).order).toMatchObject({
      status: 'FAILED',
      failureReason: 'failed',
    });
  });

  it('EXPIRED once the provider’s 30 minutes are up, and from then on without asking it', async () => {
    const { fan, order } = await openOrder();
    t.clock.advance(30 * MINUTE);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('PENDING');
    t.clock.advance(1000);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('EXPIRED');
    expect((await orderEffects(t.database, order.order_id)).order).toMatchObject({
      status: 'EXPIRED',
      failureReason: 'expired',
    });
    setControls(t.app, { failNextRequests: 100 });
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('EXPIRED');
    expect(simulatorOf(t.app).controls.failNextRequests).toBe(100);
    // The checkout page says so too.
    const page = await t.app.inject({ method: 'GET', url: order.checkout.url! });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This payment session expired.');
  });

  it('PENDING for an order the provider never created, EXPIRED once its 30 minutes are over', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    setControls(t.app, { failNextRequests: 3 });
    const failed = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(failed.statusCode).toBe(502);
    resetSimulator(t.app);
    const stuck = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('fanId', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect((await verify(t.app, fan.cookie, stuck.id)).status).toBe('PENDING');
    t.clock.advance(30 * MINUTE + 1000);
    expect((await verify(t.app, fan.cookie, stuck.id)).status).toBe('EXPIRED');
    expect((await orderEffects(t.database, stuck.id)).order).toMatchObject({
      status: 'EXPIRED',
      failureReason: 'not_at_provider',
    });
  });

  it('PAID answers from the database without calling the provider', async () => {
    const { fan, order } = await openOrder();
    await payInSimulator(t.app, order.payment_session_id);
    const paidAt = t.clock.now();
    setControls(t.app, { failNextRequests: 100 });
    t.clock.advance(DAY);
    const answer = await verify(t.app, fan.cookie, order.order_id);
    expect(answer).toMatchObject({ status: 'PAID', expiresAt: paidAt + 14 * DAY });
    expect(simulatorOf(t.app).controls.failNextRequests).toBe(100);
  });
});

describe('POST /api/payment/verify-payment: when the provider fails', () => {
  it('a 5xx answers PENDING and changes nothing; the reconciler settles it later, exactly once', async () => {
    const { creator, fan, order } = await openOrder();
    setControls(t.app, { dropWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id);
    setControls(t.app, { failNextRequests: 10 });
    const before = await moneySnapshot(t.database);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('PENDING');
    // One attempt and two retries.
    expect(simulatorOf(t.app).controls.failNextRequests).toBe(7);
    expect(await moneySnapshot(t.database)).toEqual(before);

    resetSimulator(t.app);
    t.clock.advance(2 * MINUTE + 1000);
    // Other tests' open orders are in the same database; this order is what counts here.
    await t.app.payments.service.reconcileOnce(100);
    expect((await orderEffects(t.database, order.order_id)).status).toBe('PAID');
    t.clock.advance(60 * MINUTE);
    await t.app.payments.service.reconcileOnce(100);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('PAID');
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/studio/contents',
      headers: { cookie: creator.cookie },
    });
    expect(summary.json().summary.walletBalancePaise).toBe(14_155);
    expect((await t.sentMail()).filter((message) => message.to === fan.email)).toHaveLength(1);
  });

  describe('with a provider slower than the timeout', () => {
    const DELAY_MS = 300;
    let slow: TestApp;
    beforeAll(async () => {
      slow = await buildTestApp({}, { deps: { paymentTiming: { timeoutMs: 40, retryDelaysMs: [0] } } });
    });
    afterAll(async () => {
      // The simulator finishes its slowed answers after the adapter gave up on them.
      await sleep(DELAY_MS + 100);
      await slow.close();
    });

    it('answers PENDING, and the reconciler settles the order once the provider answers again', async () => {
      resetSimulator(slow.app);
      const { fan, order } = await openOrder(slow);
      setControls(slow.app, { dropWebhooks: true });
      await payInSimulator(slow.app, order.payment_session_id);
      setControls(slow.app, { responseDelayMs: DELAY_MS });
      const before = await moneySnapshot(slow.database);
      const response = await postVerify(slow.app, fan.cookie, order.order_id);
      expect(response.json<VerifyPaymentResponse>().status).toBe('PENDING');
      expect(await moneySnapshot(slow.database)).toEqual(before);

      setControls(slow.app, { responseDelayMs: 0 });
      slow.clock.advance(2 * MINUTE + 1000);
      const [a, b] = await Promise.all([
        slow.app.payments.service.reconcileOnce(),
        slow.app.payments.service.reconcileOnce(),
      ]);
      expect(a.paid + b.paid).toBe(1);
      const effects = await orderEffects(slow.database, order.order_id);
      expect(effects.status).toBe('PAID');
      expect(effects.unlocks).toHaveLength(1);
      expect(effects.sales).toHaveLength(1);
      await expectLedgerHolds(slow.app);
    });
  });

  it('a fan who is also a creator can verify their own purchase', async () => {
    const { item } = await sellerAndFan(t.app);
    const buyer = await signUp(t.app, { role: 'creator', name: 'Kabir Rao' });
    const order = await createOrder(t.app, buyer.cookie, item.id);
    await payInSimulator(t.app, order.payment_session_id);
    expect((await verify(t.app, buyer.cookie, order.order_id)).status).toBe('PAID');
  });
});
