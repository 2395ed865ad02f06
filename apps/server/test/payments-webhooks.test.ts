import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/providers/payments/webhook-signature.js';
import { errorOf } from './accounts-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  moneySnapshot,
  orderEffects,
  payInSimulator,
  sellerAndFan,
  sendWebhook,
  setControls,
  resetSimulator,
  simulatorOf,
  simulatorPayment,
  verify,
  walletOf,
  webhookBody,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const MINUTE = 60_000;

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

/** A fan with an open (unpaid) order for a ₹149 item. */
async function openOrder() {
  const cast = await sellerAndFan(t.app);
  const order = await createOrder(t.app, cast.fan.cookie, cast.item.id);
  return { ...cast, order };
}

let paymentCounter = 0;
function paymentId(): string {
  paymentCounter += 1;
  return String(5_114_910_000_000 + paymentCounter);
}

/** A webhook exactly as given: any headers, any body. */
function deliver(body: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-webhook-version': '2025-01-01', ...headers },
  });
}

function signedHeaders(body: string, timestamp = String(t.clock.now()), secret = simulatorOf(t.app).secret) {
  return { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signWebhook(secret, timestamp, body) };
}

describe('a genuine webhook', () => {
  it('answers 200, settles the order and records the event', async () => {
    const { creator, item, fan, order } = await openOrder();
    const id = paymentId();
    const response = await sendWebhook(
      t,
      webhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId: id }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'PAID', providerPaymentId: id, paidAt: t.clock.now() });
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    expect(effects.events).toEqual([
      expect.objectContaining({
        source: 'webhook',
        eventType: 'PAYMENT_SUCCESS_WEBHOOK',
        providerPaymentId: id,
        paymentStatus: 'SUCCESS',
        amountPaise: 14_900,
        currency: 'INR',
        outcome: 'settled',
        deliveries: 1,
      }),
    ]);
    expect(await walletOf(t.database, creator.id)).toBe(14_155);
    const content = await t.app.inject({
      method: 'GET',
      url: `/api/contents/${item.id}`,
      headers: { cookie: fan.cookie },
    });
    expect(content.json().item.access).toMatchObject({ kind: 'unlocked', daysLeft: 14 });
  });

  it('is read as Cashfree may write it: a numeric cf_payment_id, whole-rupee amounts', async () => {
    const { order } = await openOrder();
    const body = webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: '777' })
      .replace('"cf_payment_id":"777"', '"cf_payment_id":1453002795')
      .replaceAll('149.00', '149');
    expect((await sendWebhook(t, body)).statusCode).toBe(200);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'PAID', providerPaymentId: '1453002795' });
  });

  it('is accepted with a charset in its content type', async () => {
    const { order } = await openOrder();
    const body = webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: paymentId() });
    const response = await deliver(body, { ...signedHeaders(body), 'content-type': 'application/json; charset=utf-8' });
    expect(response.statusCode).toBe(200);
    expect((await orderEffects(t.database, order.order_id)).status).toBe('PAID');
  });

  it('is accepted with its timestamp up to 10 minutes off our clock either way', async () => {
    for (const skew of [-10 * MINUTE + 1000, 10 * MINUTE - 1000]) {
      const { order } = await openOrder();
      const body = webhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId: paymentId() });
      const response = await deliver(body, signedHeaders(body, String(t.clock.now() + skew)));
      expect(response.statusCode, `skew ${skew}`).toBe(200);
      expect((await orderEffects(t.database, order.order_id)).status).toBe('PAID');
    }
  });
});

describe('a webhook that is not genuine is refused and changes nothing', () => {
  const cases: [string, (body: string) => { body: string; headers: Record<string, string> }][] = [
    ['forged with the wrong secret', (body) => ({ body, headers: signedHeaders(body, undefined, 'not-the-secret') })],
    [
      'signed, then its amount changed',
      (body) => ({ body: body.replaceAll('149.00', '1.00'), headers: signedHeaders(body) }),
    ],
    [
      'signed, then a space added',
      (body) => ({ body: body.replace('"SUCCESS"', '"SUCCESS" '), headers: signedHeaders(body) }),
    ],
    [
      'a FAILED event’s signature on a SUCCESS body',
      (body) => ({ body, headers: signedHeaders(body.replaceAll('SUCCESS', 'FAILED')) }),
    ],
    [
      're-serialised after signing (149.00 becomes 149)',
      (body) => ({ body: JSON.stringify(JSON.parse(body)), headers: signedHeaders(body) }),
    ],
    [
      // Cashfree's retries may keep the first timestamp, so the window covers them (contract check M2).
      'stale: signed 24 hours and 1 second ago',
      (body) => ({ body, headers: signedHeaders(body, String(t.clock.now() - 24 * 60 * MINUTE - 1000)) }),
    ],
    [
      'from the future: 10 minutes and 1 second ahead',
      (body) => ({ body, headers: signedHeaders(body, String(t.clock.now() + 10 * MINUTE + 1000)) }),
    ],
    [
      'without a signature header',
      (body) => ({ body, headers: { 'x-webhook-timestamp': signedHeaders(body)['x-webhook-timestamp'] } }),
    ],
    [
      'without a timestamp header',
      (body) => ({ body, headers: { 'x-webhook-signature': signedHeaders(body)['x-webhook-signature'] } }),
    ],
    ['without either header', (body) => ({ body, headers: {} })],
    [
      'with a timestamp that is not a number',
      (body) => {
        const stamp = new Date(t.clock.now()).toISOString();
        return { body, headers: signedHeaders(body, stamp) };
      },
    ],
  ];

  it.each(cases)('%s: 401, order, unlocks, ledger and events untouched', async (_name, make) => {
    const { order } = await openOrder();
    const body = webhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId: paymentId() });
    expect(body).toContain('"order_amount":149.00');
    const before = await moneySnapshot(t.database);
    const attack = make(body);
    const response = await deliver(attack.body, attack.headers);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringMatching(/^Webhook signature (missing|malformed|stale|mismatch)\.$/),
    });
    expect(await moneySnapshot(t.database)).toEqual(before);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects).toMatchObject({ status: 'ACTIVE', unlocks: [], sales: [], events: [] });
  });

  it('the same delivery signed properly is accepted (the cases above fail for their flaw alone)', async () => {
    const { order } = await openOrder();
    const body = webhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId: paymentId() });
    expect((await deliver(body, signedHeaders(body))).statusCode).toBe(200);
  });

  it('a signed body that is not JSON is refused with 400 and recorded nowhere', async () => {
    await openOrder();
    const before = await moneySnapshot(t.database);
    const body = '{"data":{"order":';
    const response = await deliver(body, signedHeaders(body));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('BAD_REQUEST');
    expect(await moneySnapshot(t.database)).toEqual(before);
  });

  it('a body over 256 KB is refused with 413 before anything is read', async () => {
    await openOrder();
    const before = await moneySnapshot(t.database);
    const body = `${' '.repeat(256 * 1024)}{}`;
    const response = await deliver(body, signedHeaders(body));
    expect(response.statusCode).toBe(413);
    expect(await moneySnapshot(t.database)).toEqual(before);
  });

  it('a body that is not sent as JSON is refused with 415', async () => {
    const { order } = await openOrder();
    const before = await moneySnapshot(t.database);
    const body = webhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId: paymentId() });
    const response = await deliver(body, { ...signedHeaders(body), 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(await moneySnapshot(t.database)).toEqual(before);
  });
});

describe('the simulator’s fault switches', () => {
  it('tampered webhooks settle nothing; verify then settles the order from the provider', async () => {
    const { creator, fan, order } = await openOrder();
    setControls(t.app, { tamperWebhooks: true });
    const paid = await payInSimulator(t.app, order.payment_session_id);
    expect(paid.statusCode).toBe(303);
    expect((await simulatorOf(t.app).store.get(order.order_id))?.status).toBe('PAID');
    let effects = await orderEffects(t.database, order.order_id);
    expect(effects).toMatchObject({ status: 'ACTIVE', unlocks: [], sales: [], events: [] });
    expect(await walletOf(t.database, creator.id)).toBe(0);

    const answer = await verify(t.app, fan.cookie, order.order_id);
    expect(answer.status).toBe('PAID');
    effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.order.providerPaymentId).toBe((await simulatorPayment(t.app, order.order_id)).cfPaymentId);
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    expect(effects.events.map((event) => [event.source, event.outcome])).toEqual([['verify', 'settled']]);
    expect(await walletOf(t.database, creator.id)).toBe(14_155);
  });

  it('duplicate webhooks settle once and count their deliveries on one event', async () => {
    const { creator, order } = await openOrder();
    setControls(t.app, { duplicateWebhooks: 4 });
    await payInSimulator(t.app, order.payment_session_id);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    expect(effects.events).toHaveLength(1);
    expect(effects.events[0]).toMatchObject({
      providerPaymentId: (await simulatorPayment(t.app, order.order_id)).cfPaymentId,
      deliveries: 5,
    });
    expect(['settled', 'already_paid']).toContain(effects.events[0]?.outcome);
    expect(await walletOf(t.database, creator.id)).toBe(14_155);
  });

  it('dropped webhooks leave the order open until the reconciler finds it paid', async () => {
    const { fan, order } = await openOrder();
    setControls(t.app, { dropWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id);
    expect(await orderEffects(t.database, order.order_id)).toMatchObject({
      status: 'ACTIVE',
      unlocks: [],
      sales: [],
      events: [],
    });
    t.clock.advance(2 * MINUTE + 1000);
    // Other tests' open orders are checked too; only this one is paid.
    const tally = await t.app.payments.service.reconcileOnce(100);
    expect(tally).toMatchObject({ paid: 1, expired: 0 });
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.events.map((event) => [event.source, event.outcome])).toEqual([['reconcile', 'settled']]);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('PAID');
  });

  it('a late FAILED webhook after SUCCESS (out of order) never undoes PAID', async () => {
    const { order } = await openOrder();
    setControls(t.app, { outOfOrderWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'PAID', failureReason: null });
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.events.map((event) => [event.paymentStatus, event.outcome]).sort()).toEqual([
      ['FAILED', 'already_paid'],
      ['SUCCESS', 'settled'],
    ]);
  });

  it.each([
    ['a misreported amount', { misreportAmountPaise: 100 }],
    ['a misreported currency', { misreportCurrency: 'USD' }],
  ])('%s unlocks nothing and moves no money, by webhook or by verify', async (_name, controls) => {
    const { creator, item, fan, order } = await openOrder();
    setControls(t.app, controls);
    await payInSimulator(t.app, order.payment_session_id);
    let effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'FAILED', failureReason: 'amount_mismatch', paidAt: null });
    expect(effects.unlocks).toEqual([]);
    expect(effects.sales).toEqual([]);
    expect(effects.events).toEqual([expect.objectContaining({ source: 'webhook', outcome: 'amount_mismatch' })]);

    // The provider's order read says the same wrong thing, so verify refuses it too.
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('FAILED');
    effects = await orderEffects(t.database, order.order_id);
    expect(effects).toMatchObject({ status: 'FAILED', unlocks: [], sales: [] });
    expect(await walletOf(t.database, creator.id)).toBe(0);
    const content = await t.app.inject({
      method: 'GET',
      url: `/api/contents/${item.id}`,
      headers: { cookie: fan.cookie },
    });
    expect(content.json().item.access.kind).toBe('locked');
  });
});

describe('what a signed webhook says must match the order', () => {
  it.each([
    ['a different order amount', { amountPaise: 100 }],
    ['another currency', { amountPaise: 14_900, currency: 'USD' }],
  ])('%s: no unlock, no money, the event recorded as a mismatch', async (_name, overrides) => {
    const { creator, order } = await openOrder();
    const response = await sendWebhook(
      t,
      webhookBody({ orderId: order.order_id, paymentId: paymentId(), ...overrides }),
    );
    expect(response.statusCode).toBe(200);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'FAILED', failureReason: 'amount_mismatch' });
    expect(effects.unlocks).toEqual([]);
    expect(effects.sales).toEqual([]);
    expect(effects.events.map((event) => event.outcome)).toEqual(['amount_mismatch']);
    expect(await walletOf(t.database, creator.id)).toBe(0);
  });

  it('less paid than the order amount: the provider is asked, and an order it has not marked PAID stays unpaid', async () => {
    const { creator, order } = await openOrder();
    const response = await sendWebhook(
      t,
      webhookBody({ orderId: order.order_id, paymentId: paymentId(), amountPaise: 14_900, paymentAmountPaise: 14_800 }),
    );
    expect(response.statusCode).toBe(200);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'ACTIVE', failureReason: null });
    expect(effects.unlocks).toEqual([]);
    expect(effects.sales).toEqual([]);
    expect(effects.events.map((event) => event.outcome)).toEqual(['underpaid_not_settled']);
    expect(await walletOf(t.database, creator.id)).toBe(0);
  });

  it('an unknown order answers 200 (so the provider stops retrying) and is recorded', async () => {
    const before = await moneySnapshot(t.database);
    const id = paymentId();
    const response = await sendWebhook(
      t,
      webhookBody({ orderId: 'kh_not_ours_123', amountPaise: 14_900, paymentId: id }),
    );
    expect(response.statusCode).toBe(200);
    const after = await moneySnapshot(t.database);
    expect({ ...after, events: before.events }).toEqual(before);
    const events = await t.database.db
      .selectFrom('paymentEvents')
      .selectAll()
      .where('providerPaymentId', '=', id)
      .execute();
    expect(events).toEqual([expect.objectContaining({ orderId: 'kh_not_ours_123', outcome: 'unknown_order' })]);
  });

  it('a signed event of another kind (the dashboard’s test call) answers 200 and moves nothing', async () => {
    const { order } = await openOrder();
    const body = `{"data":{"test_object":{"test":"test"}},"type":"WEBHOOK","event_time":"2026-11-21T11:30:00+05:30"}`;
    const response = await sendWebhook(t, body);
    expect(response.statusCode).toBe(200);
    expect((await orderEffects(t.database, order.order_id)).status).toBe('ACTIVE');
  });
});

describe('order states move forward only', () => {
  it('money that arrives after the order expired still buys the item', async () => {
    const { fan, item, order } = await openOrder();
    t.clock.advance(31 * MINUTE);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('EXPIRED');
    const id = paymentId();
    await sendWebhook(t, webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: id }));
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'PAID', providerPaymentId: id });
    expect(effects.unlocks).toEqual([expect.objectContaining({ contentId: item.id, fanId: fan.id })]);
  });

  it('a FAILED webhook does not reopen an expired order', async () => {
    const { fan, order } = await openOrder();
    t.clock.advance(31 * MINUTE);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('EXPIRED');
    const id = paymentId();
    await sendWebhook(
      t,
      webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: id, status: 'FAILED' }),
    );
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('EXPIRED');
    expect(effects.events.find((event) => event.providerPaymentId === id)?.outcome).toBe('no_change');
  });

  it('a success webhook whose payment is still PENDING settles nothing', async () => {
    const { order } = await openOrder();
    const body = webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: paymentId() }).replace(
      '"payment_status":"SUCCESS"',
      '"payment_status":"PENDING"',
    );
    expect(body).toContain('"type":"PAYMENT_SUCCESS_WEBHOOK"');
    expect((await sendWebhook(t, body)).statusCode).toBe(200);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects).toMatchObject({ status: 'ACTIVE', unlocks: [], sales: [] });
    expect(effects.events.map((event) => event.outcome)).toEqual(['ignored']);
  });
});

describe('payment events', () => {
  it('are de-duplicated by payment id: a repeat counts a delivery, another attempt gets its own row', async () => {
    const { order } = await openOrder();
    const failedId = paymentId();
    const failed = webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: failedId, status: 'FAILED' });
    expect((await sendWebhook(t, failed)).statusCode).toBe(200);
    const firstSeen = t.clock.now();
    t.clock.advance(MINUTE);
    expect((await sendWebhook(t, failed)).statusCode).toBe(200);
    expect((await sendWebhook(t, failed)).statusCode).toBe(200);
    let effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'FAILED', failureReason: 'failed' });
    expect(effects.events).toEqual([
      expect.objectContaining({
        providerPaymentId: failedId,
        deliveries: 3,
        createdAt: firstSeen,
        lastSeenAt: firstSeen + MINUTE,
      }),
    ]);

    // The fan tries again inside the checkout: a dropped attempt, then a successful one.
    const droppedId = paymentId();
    const successId = paymentId();
    await sendWebhook(
      t,
      webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: droppedId, status: 'USER_DROPPED' }),
    );
    await sendWebhook(t, webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: successId }));
    await sendWebhook(t, webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: successId }));
    effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'PAID', providerPaymentId: successId, failureReason: null });
    expect(effects.unlocks).toHaveLength(1);
    const byPayment = Object.fromEntries(
      effects.events.map((event) => [event.providerPaymentId, [event.paymentStatus, event.deliveries]]),
    );
    expect(byPayment).toEqual({
      [failedId]: ['FAILED', 3],
      [droppedId]: ['USER_DROPPED', 1],
      [successId]: ['SUCCESS', 2],
    });
  });
});
