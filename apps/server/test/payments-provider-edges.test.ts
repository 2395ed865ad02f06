import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CASHFREE_API_VERSION } from '../src/providers/payments/cashfree-gateway.js';
import { SIMULATOR_PG_BASE } from '../src/providers/payments/simulator/payment-simulator.js';
import { errorOf, signUp } from './accounts-helpers.js';
import { adminCookie } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  moneySnapshot,
  orderEffects,
  orderRow,
  payInSimulator,
  postOrder,
  resetSimulator,
  settleEverythingBefore,
  sellerAndFan,
  setControls,
  simulatorOf,
  verify,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Cashfree's edge cases from the contract check (M3, M4, M5), made by the simulator's switches
 * and met by the whole app: what the fan's page and the reconciler see.
 */
const MINUTE = 60_000;

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

const reconcile = () => t.app.payments.service.reconcileOnce();

function rawPg(method: 'GET' | 'POST', path: string) {
  return t.app.inject({
    method,
    url: `${SIMULATOR_PG_BASE}${path}`,
    headers: {
      'x-client-id': 'kholo-simulator',
      'x-client-secret': simulatorOf(t.app).secret,
      'x-api-version': CASHFREE_API_VERSION,
    },
  });
}

/** A fan's order that never reached the provider: the create call failed three times. */
async function orderNeverCreated() {
  const { item, fan } = await sellerAndFan(t.app);
  setControls(t.app, { failNextRequests: 3 });
  expect((await postOrder(t.app, fan.cookie, { contentId: item.id })).statusCode).toBe(502);
  resetSimulator(t.app);
  const stuck = await t.database.db
    .selectFrom('orders')
    .select('id')
    .where('fanId', '=', fan.id)
    .executeTakeFirstOrThrow();
  return { fan, orderId: stuck.id };
}

describe('the switches are the admin’s alone', () => {
  it('a fan cannot set them; the admin can, over HTTP', async () => {
    const fan = await signUp(t.app, { role: 'fan' });
    const switches = { unknownOrderAs400: true, transient404OnCreate: 2, rateLimitNextRequests: 3 };
    const change = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/__simulator/controls',
        payload: switches,
        headers: cookie === undefined ? {} : { cookie },
      });
    expect((await change()).statusCode).toBe(401);
    expect((await change(fan.cookie)).statusCode).toBe(403);
    expect(simulatorOf(t.app).controls).toMatchObject({
      unknownOrderAs400: false,
      transient404OnCreate: 0,
      rateLimitNextRequests: 0,
    });
    const changed = await change(await adminCookie(t.app));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject(switches);
    expect(simulatorOf(t.app).controls).toMatchObject(switches);
  });
});

describe('M3: an unknown order answered with 400', () => {
  it('the simulator answers 400 invalid_request_error for unknown orders while the switch is on', async () => {
    setControls(t.app, { unknownOrderAs400: true });
    for (const path of ['/orders/kh_never_made', '/orders/kh_never_made/payments']) {
      const response = await rawPg('GET', path);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 'invalid_request_error', code: 'order_not_found' });
    }
    setControls(t.app, { unknownOrderAs400: false });
    expect((await rawPg('GET', '/orders/kh_never_made')).statusCode).toBe(404);
  });

  it('verify treats it as not at the provider: PENDING, then EXPIRED once its 30 minutes are over', async () => {
    const { fan, orderId } = await orderNeverCreated();
    setControls(t.app, { unknownOrderAs400: true });
    expect((await verify(t.app, fan.cookie, orderId)).status).toBe('PENDING');
    t.clock.advance(30 * MINUTE + 1000);
    expect((await verify(t.app, fan.cookie, orderId)).status).toBe('EXPIRED');
    expect((await orderEffects(t.database, orderId)).order).toMatchObject({
      status: 'EXPIRED',
      failureReason: 'not_at_provider',
    });
  });

  it('the reconciler expires it the same way', async () => {
    const { orderId } = await orderNeverCreated();
    setControls(t.app, { unknownOrderAs400: true });
    t.clock.advance(31 * MINUTE);
    expect(await reconcile()).toEqual({ checked: 1, paid: 0, expired: 1 });
    expect(await orderRow(t.database, orderId)).toMatchObject({ status: 'EXPIRED', failureReason: 'not_at_provider' });
  });
});

describe('M4: a transient 404 on Create Order', () => {
  it('the fan still gets her checkout: the retry meets 409 and reads the order, which exists once', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    setControls(t.app, { transient404OnCreate: 1 });
    const order = await createOrder(t.app, fan.cookie, item.id);
    expect(simulatorOf(t.app).controls.transient404OnCreate).toBe(0);
    const stored = await simulatorOf(t.app).store.get(order.order_id);
    expect(stored?.sessionId).toBe(order.payment_session_id);
    expect(await orderRow(t.database, order.order_id)).toMatchObject({ status: 'ACTIVE' });
    expect((await payInSimulator(t.app, order.payment_session_id)).statusCode).toBe(303);
    expect((await orderEffects(t.database, order.order_id)).status).toBe('PAID');
  });

  it('a 404 on every try is "not available right now"; the order made meanwhile is picked up by verify', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    setControls(t.app, { transient404OnCreate: 3 });
    const failed = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(failed.statusCode).toBe(502);
    expect(errorOf(failed)).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'Payments are not available right now. Please try again in a minute.',
    });
    const local = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('fanId', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(local.status).toBe('CREATED');
    // The first call made it, although every answer was a 404.
    expect((await simulatorOf(t.app).store.get(local.id))?.status).toBe('ACTIVE');
    expect((await verify(t.app, fan.cookie, local.id)).status).toBe('PENDING');
    expect(await orderRow(t.database, local.id)).toMatchObject({ status: 'ACTIVE' });
  });
});

describe('M5: a 429 from the provider', () => {
  it('creating an order is "not available right now", after one call only', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    setControls(t.app, { rateLimitNextRequests: 5 });
    const failed = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(failed.statusCode).toBe(502);
    expect(errorOf(failed).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(simulatorOf(t.app).controls.rateLimitNextRequests).toBe(4);
  });

  it('the simulator answers it with Cashfree’s rate-limit headers', async () => {
    setControls(t.app, { rateLimitNextRequests: 1 });
    const limited = await rawPg('GET', '/orders/kh_anything');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ type: 'rate_limit_error' });
    expect(limited.headers).toMatchObject({
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-retry': '60',
    });
    expect((await rawPg('GET', '/orders/kh_anything')).statusCode).toBe(404);
  });

  it('verify answers PENDING and changes nothing, with one call; the reconciler settles it later', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    setControls(t.app, { dropWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id);
    setControls(t.app, { rateLimitNextRequests: 10 });
    const before = await moneySnapshot(t.database);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('PENDING');
    expect(simulatorOf(t.app).controls.rateLimitNextRequests).toBe(9);
    expect(await moneySnapshot(t.database)).toEqual(before);

    t.clock.advance(2 * MINUTE + 1000);
    expect(await reconcile()).toEqual({ checked: 1, paid: 0, expired: 0 });
    expect(simulatorOf(t.app).controls.rateLimitNextRequests).toBe(8);
    expect(await orderRow(t.database, order.order_id)).toMatchObject({ status: 'ACTIVE', checks: 1 });

    setControls(t.app, { rateLimitNextRequests: 0 });
    t.clock.advance(MINUTE);
    expect(await reconcile()).toEqual({ checked: 1, paid: 1, expired: 0 });
    expect((await orderEffects(t.database, order.order_id)).unlocks).toHaveLength(1);
  });
});
