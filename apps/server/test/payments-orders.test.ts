import { randomUUID } from 'node:crypto';
import { type CreateOrderResponse, formatDateTime, ORDER_ID_PATTERN } from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signUp } from './accounts-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  moneySnapshot,
  newFan,
  orderEffects,
  orderRow,
  payInSimulator,
  postOrder,
  resetSimulator,
  sellerAndFan,
  setControls,
  simulatorOf,
  verify,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  resetSimulator(t.app);
});
afterEach(async () => {
  resetSimulator(t.app);
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

async function orderCount(fanId: string): Promise<number> {
  const rows = await t.database.db.selectFrom('orders').select('id').where('fanId', '=', fanId).execute();
  return rows.length;
}

describe('POST /api/payment/order: who may order', () => {
  it('needs a session, and writes nothing without one', async () => {
    const { item } = await sellerAndFan(t.app);
    const before = await moneySnapshot(t.database);
    const response = await postOrder(t.app, undefined, { contentId: item.id });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    expect(await moneySnapshot(t.database)).toEqual(before);
  });

  it('refuses a creator buying their own item with 409 ALREADY_UNLOCKED', async () => {
    const { creator, item } = await sellerAndFan(t.app);
    const response = await postOrder(t.app, creator.cookie, { contentId: item.id });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'ALREADY_UNLOCKED', message: expect.stringMatching(/own item/) });
    expect(await orderCount(creator.id)).toBe(0);
  });

  it('lets another creator buy, like any fan', async () => {
    const { item } = await sellerAndFan(t.app);
    const other = await signUp(t.app, { role: 'creator', name: 'Kabir Rao' });
    const response = await postOrder(t.app, other.cookie, { contentId: item.id });
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /api/payment/order: the price and the item come from the database', () => {
  it('binds the order row to (fan, content, creator, amount in paise, INR) and answers the checkout', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app, 14_950);
    const response = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const order = response.json<CreateOrderResponse>();
    expect(order.order_id).toMatch(ORDER_ID_PATTERN);
    expect(order.order_id).toMatch(/^kh_/);
    expect(order.payment_session_id).toMatch(/^session_/);
    expect(order).toEqual({
      order_id: order.order_id,
      payment_session_id: order.payment_session_id,
      contentId: item.id,
      amountPaise: 14_950,
      currency: 'INR',
      checkout: {
        mode: 'simulator',
        url: `/__simulator/checkout?payment_session_id=${encodeURIComponent(order.payment_session_id)}`,
      },
      // A signed-in fan's order: no code is sent (ADR 022).
      codeSentTo: null,
    });
    const row = await orderRow(t.database, order.order_id);
    expect(row).toMatchObject({
      fanId: fan.id,
      contentId: item.id,
      creatorId: creator.id,
      amountPaise: 14_950,
      currency: 'INR',
      status: 'ACTIVE',
      provider: 'simulator',
      paymentSessionId: order.payment_session_id,
      providerPaymentId: null,
      paidAt: null,
      createdAt: t.clock.now(),
    });
  });

  it('tells the provider the price in rupees, the fan as customer, and where to come back to', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app, 14_950);
    const order = await createOrder(t.app, fan.cookie, item.id);
    const remote = await simulatorOf(t.app).store.get(order.order_id);
    expect(remote).toMatchObject({
      orderId: order.order_id,
      amountPaise: 14_950,
      currency: 'INR',
      status: 'ACTIVE',
      sessionId: order.payment_session_id,
      note: 'Unlock: Monsoon in Kochi',
      tags: { contentId: item.id, creatorId: creator.id },
      // The order is payable for 30 minutes (to the second, as Cashfree's timestamps are).
      expiresAt: t.clock.now() + 30 * 60_000,
    });
    expect(remote?.customer).toMatchObject({
      customer_email: fan.email,
      customer_phone: '9999999999',
      customer_name: 'Arjun Mehta',
    });
    expect(remote?.customer['customer_id']).toMatch(/^[A-Za-z0-9]{3,50}$/);
    // The return URL keeps Cashfree's {order_id} placeholder; the provider fills it in.
    expect(remote?.returnUrl).toBe(`${t.config.publicUrl}/payment-success?order_id={order_id}&contentId=${item.id}`);
    const paid = await payInSimulator(t.app, order.payment_session_id);
    expect(paid.headers.location).toBe(
      `${t.config.publicUrl}/payment-success?order_id=${order.order_id}&contentId=${item.id}`,
    );
  });

  it('accepts the spec’s payload, takes the item from notes.contentId and ignores the client’s creatorId', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app);
    const response = await postOrder(t.app, fan.cookie, {
      amount: 149,
      creatorId: fan.id,
      notes: { contentId: item.id, contentTitle: 'Anything at all', viewerEmail: 'someone-else@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const row = await orderRow(t.database, response.json<CreateOrderResponse>().order_id);
    expect(row).toMatchObject({ creatorId: creator.id, fanId: fan.id, amountPaise: 14_900 });
    expect((await simulatorOf(t.app).store.get(row.id))?.customer['customer_email']).toBe(fan.email);
  });

  it('refuses an amount that differs from the price with 409 PRICE_CHANGED and the real price', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const before = await moneySnapshot(t.database);
    for (const amount of [1, 148.99, 149.01, 1490, 0, -149]) {
      const response = await postOrder(t.app, fan.cookie, { contentId: item.id, amount });
      expect(response.statusCode, `amount ${amount}`).toBe(409);
      expect(errorOf(response)).toEqual({
        code: 'PRICE_CHANGED',
        message: 'The price of this item is now ₹149. Please check it and try again.',
      });
    }
    expect(await moneySnapshot(t.database)).toEqual(before);
    expect(await simulatorOf(t.app).store.get('anything')).toBeUndefined();
  });

  it('accepts an amount equal to the price, in rupees, with or without paise', async () => {
    const { item, fan } = await sellerAndFan(t.app, 14_950);
    const response = await postOrder(t.app, fan.cookie, { contentId: item.id, amount: 149.5 });
    expect(response.statusCode).toBe(200);
    expect(response.json<CreateOrderResponse>().amountPaise).toBe(14_950);
  });

  it('charges the price as changed by the creator, not a price the page showed before', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/studio/contents/${item.id}`,
      payload: { pricePaise: 19_900 },
      headers: { cookie: creator.cookie },
    });
    expect(edit.statusCode).toBe(200);
    const stale = await postOrder(t.app, fan.cookie, { contentId: item.id, amount: 149 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe('The price of this item is now ₹199. Please check it and try again.');
    const order = await createOrder(t.app, fan.cookie, item.id);
    expect(order.amountPaise).toBe(19_900);
    expect((await simulatorOf(t.app).store.get(order.order_id))?.amountPaise).toBe(19_900);
  });

  it.each([
    ['amount as a string', { amount: '149' }, { amount: 'The amount must be a number of rupees.' }],
    ['contentId as a number', { contentId: 42 }, { contentId: expect.stringMatching(/string/) }],
    ['no contentId anywhere', { amount: 149 }, { contentId: 'Please say which item to unlock.' }],
    ['an empty contentId', { contentId: '   ' }, { contentId: expect.any(String) }],
    ['notes that are not an object', { contentId: 'x', notes: 'abc' }, { notes: expect.any(String) }],
  ])('refuses %s with 400 and the field’s error', async (_name, extra, fields) => {
    const { item, fan } = await sellerAndFan(t.app);
    const payload = { contentId: item.id, ...extra };
    if (!('contentId' in extra)) delete (payload as { contentId?: string }).contentId;
    const response = await postOrder(t.app, fan.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await orderCount(fan.id)).toBe(0);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const { fan } = await sellerAndFan(t.app);
    for (const payload of ['{"contentId":', 'contentId=abc']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payment/order',
        payload,
        headers: { cookie: fan.cookie, 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('BAD_REQUEST');
    }
    expect(await orderCount(fan.id)).toBe(0);
  });

  it('answers 404 Content not found. for an unknown id and for a deleted item, and creates no order', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app);
    const unknown = await postOrder(t.app, fan.cookie, { contentId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: 'NOT_FOUND', message: 'Content not found.' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const deleted = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(deleted.statusCode).toBe(404);
    expect(errorOf(deleted)).toEqual({ code: 'NOT_FOUND', message: 'Content not found.' });
    expect(await orderCount(fan.id)).toBe(0);
  });
});

describe('POST /api/payment/order: paying twice', () => {
  it('tells a fan with a running unlock so, with the date it ends, instead of taking money again', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    await payInSimulator(t.app, order.payment_session_id);
    const { expiresAt } = await verify(t.app, fan.cookie, order.order_id);
    expect(expiresAt).toBe(t.clock.now() + 14 * 24 * 60 * 60_000);
    const again = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'ALREADY_UNLOCKED',
      message: `You already have access to this item until ${formatDateTime(expiresAt!)}.`,
    });
    // In Hindi the date is written the Hindi way too, not the English date inside a Hindi sentence.
    const hindi = await postOrder(t.app, `${fan.cookie}; kholo_lang=hi`, { contentId: item.id });
    expect(errorOf(hindi)).toEqual({
      code: 'ALREADY_UNLOCKED',
      message: `इस आइटम का ऐक्सेस आपके पास पहले से ${formatDateTime(expiresAt!, 'hi')} तक है।`,
    });
    expect(formatDateTime(expiresAt!, 'hi')).not.toBe(formatDateTime(expiresAt!));
    expect(await orderCount(fan.id)).toBe(1);
  });

  it('gives a double click (two requests at once) one order, which can be paid and unlocked only once', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const [first, second] = await Promise.all([
      postOrder(t.app, fan.cookie, { contentId: item.id }),
      postOrder(t.app, fan.cookie, { contentId: item.id }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const a = first.json<CreateOrderResponse>();
    const b = second.json<CreateOrderResponse>();
    expect(b.order_id).toBe(a.order_id);
    expect(b.payment_session_id).toBe(a.payment_session_id);
    expect(await orderCount(fan.id)).toBe(1);

    await payInSimulator(t.app, a.payment_session_id);
    // The provider will not take a second payment on the same order…
    const repeat = await payInSimulator(t.app, a.payment_session_id);
    expect(repeat.statusCode).toBe(303);
    expect(repeat.headers.location).toMatch(/^\/__simulator\/checkout\?/);
    expect((await simulatorOf(t.app).store.get(a.order_id))?.payments).toHaveLength(1);
    // …and we will not make another order for it.
    const third = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(errorOf(third).code).toBe('ALREADY_UNLOCKED');
    const effects = await orderEffects(t.database, a.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    const unlocks = await t.database.db.selectFrom('unlocks').select('id').where('fanId', '=', fan.id).execute();
    expect(unlocks).toHaveLength(1);
  });

  it('hands back the same open order within 10 minutes, and a new one after', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const first = await createOrder(t.app, fan.cookie, item.id);
    t.clock.advance(10 * 60_000 - 1000);
    const again = await createOrder(t.app, fan.cookie, item.id);
    expect(again).toEqual(first);
    t.clock.advance(2000);
    const later = await createOrder(t.app, fan.cookie, item.id);
    expect(later.order_id).not.toBe(first.order_id);
    expect(await orderCount(fan.id)).toBe(2);
  });

  it('does not hand one fan’s open order to another fan', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const other = await newFan(t.app, 'Neha Gupta');
    const mine = await createOrder(t.app, fan.cookie, item.id);
    const theirs = await createOrder(t.app, other.cookie, item.id);
    expect(theirs.order_id).not.toBe(mine.order_id);
    expect((await orderRow(t.database, theirs.order_id)).fanId).toBe(other.id);
  });

  it('gives a fresh order after a failed attempt, and that one can be paid', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    await payInSimulator(t.app, order.payment_session_id, 'FAILED');
    expect((await orderRow(t.database, order.order_id)).status).toBe('FAILED');
    // A failed order is not handed out again: the fan gets a fresh checkout.
    const retry = await createOrder(t.app, fan.cookie, item.id);
    expect(retry.order_id).not.toBe(order.order_id);
    await payInSimulator(t.app, retry.payment_session_id);
    expect((await verify(t.app, fan.cookie, retry.order_id)).status).toBe('PAID');
  });
});

describe('POST /api/payment/order: a creation already under way elsewhere', () => {
  it('waits for its lease, then says the checkout is being prepared, and makes no order of its own', async () => {
    const short = await buildTestApp(
      {},
      { deps: { paymentTiming: { timeoutMs: 2000, retryDelaysMs: [0, 0], orderLeaseWaitMs: 300 } } },
    );
    try {
      const { item, fan } = await sellerAndFan(short.app);
      // Another process is creating this fan's order for this item right now (and stays alive).
      await short.database.db
        .insertInto('leases')
        .values({
          name: `create-order:${fan.id}:${item.id}`,
          holder: 'another-process',
          expiresAt: Date.now() + 60_000,
        })
        .execute();
      const response = await postOrder(short.app, fan.cookie, { contentId: item.id });
      expect(response.statusCode).toBe(503);
      expect(errorOf(response)).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Your checkout for this item is still being prepared. Please try again in a minute.',
      });
      const orders = await short.database.db.selectFrom('orders').select('id').where('fanId', '=', fan.id).execute();
      expect(orders).toEqual([]);
      // The other holder's lease is untouched: only its holder lets it go.
      const lease = await short.database.db
        .selectFrom('leases')
        .select('holder')
        .where('name', '=', `create-order:${fan.id}:${item.id}`)
        .executeTakeFirst();
      expect(lease?.holder).toBe('another-process');
    } finally {
      await short.close();
    }
  });
});

describe('POST /api/payment/order: when the provider is down', () => {
  it('answers 502 PAYMENT_PROVIDER_UNAVAILABLE after its retries, and nothing is paid or unlocked', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const before = await moneySnapshot(t.database);
    // One attempt and two retries, all 503.
    setControls(t.app, { failNextRequests: 5 });
    const response = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response)).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'Payments are not available right now. Please try again in a minute.',
    });
    expect(simulatorOf(t.app).controls.failNextRequests).toBe(2);

    const [row] = await t.database.db.selectFrom('orders').selectAll().where('fanId', '=', fan.id).execute();
    expect(row).toMatchObject({ status: 'CREATED', paymentSessionId: null, paidAt: null });
    expect(await simulatorOf(t.app).store.get(row!.id)).toBeUndefined();
    const after = await moneySnapshot(t.database);
    expect({ ...after, orders: before.orders }).toEqual(before);
    const content = await t.app.inject({
      method: 'GET',
      url: `/api/contents/${item.id}`,
      headers: { cookie: fan.cookie },
    });
    expect(content.json().item.access.kind).toBe('locked');

    // Once it is back, ordering works and the stuck row is not handed out.
    resetSimulator(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    expect(order.order_id).not.toBe(row!.id);
  });

  it('answers 502 when the provider states a different amount for the new order, and marks it FAILED', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    setControls(t.app, { misreportAmountPaise: 100 });
    const response = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const [row] = await t.database.db.selectFrom('orders').selectAll().where('fanId', '=', fan.id).execute();
    expect(row).toMatchObject({ status: 'FAILED', failureReason: 'provider_mismatch' });
  });

  it('a double click while the provider fails: one click gets 502, the other a working order', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    setControls(t.app, { failNextRequests: 3 });
    const [first, second] = await Promise.all([
      postOrder(t.app, fan.cookie, { contentId: item.id }),
      postOrder(t.app, fan.cookie, { contentId: item.id }),
    ]);
    // Whichever request reaches the service first uses up the failures.
    const [failed, working] = first.statusCode === 502 ? [first, second] : [second, first];
    expect([failed.statusCode, working.statusCode]).toEqual([502, 200]);
    const order = working.json<CreateOrderResponse>();
    expect((await orderRow(t.database, order.order_id)).status).toBe('ACTIVE');
    expect((await simulatorOf(t.app).store.get(order.order_id))?.sessionId).toBe(order.payment_session_id);
  });

  it('recovers by itself when only the first attempts fail', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    setControls(t.app, { failNextRequests: 2 });
    const order = await createOrder(t.app, fan.cookie, item.id);
    expect(simulatorOf(t.app).controls.failNextRequests).toBe(0);
    expect((await simulatorOf(t.app).store.get(order.order_id))?.status).toBe('ACTIVE');
    expect((await orderRow(t.database, order.order_id)).status).toBe('ACTIVE');
  });
});
