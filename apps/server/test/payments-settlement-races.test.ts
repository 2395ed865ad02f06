import type { StudioContent, VerifyPaymentResponse } from '@kholo/contracts';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentRow } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  newFan,
  orderEffects,
  payInSimulator,
  postVerify,
  resetSimulator,
  sellerAndFan,
  sendWebhook,
  setControls,
  simulatorPayment,
  verify,
  walletOf,
  webhookBody,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const PRICE = 14_900;
/** ₹149 less the default 5% platform fee (₹7.45). */
const CREATOR_SHARE = 14_155;

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

async function receiptsTo(email: string) {
  return (await t.sentMail()).filter((message) => message.to === email && message.subject.startsWith('Receipt'));
}

describe('one order, many messengers', () => {
  it('50 duplicate webhooks and 20 verify calls at once: one unlock, one ledger transaction, one credit', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app, PRICE);
    const order = await createOrder(t.app, fan.cookie, item.id);
    // The provider has the money; nobody here knows yet.
    setControls(t.app, { dropWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id);
    expect((await orderEffects(t.database, order.order_id)).status).toBe('ACTIVE');

    const { cfPaymentId } = await simulatorPayment(t.app, order.order_id);
    const body = webhookBody({ orderId: order.order_id, amountPaise: PRICE, paymentId: cfPaymentId });
    const responses = await Promise.all([
      ...Array.from({ length: 50 }, () => sendWebhook(t, body)),
      ...Array.from({ length: 20 }, () => postVerify(t.app, fan.cookie, order.order_id)),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(70).fill(200));
    for (const answer of responses.slice(50)) {
      expect(answer.json<VerifyPaymentResponse>()).toMatchObject({ status: 'PAID', contentId: item.id });
    }

    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'PAID', providerPaymentId: cfPaymentId });
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    // A duplicate that waited for the first is not a second payment to send back (issue 22).
    expect(
      await t.database.db.selectFrom('refunds').select('id').where('orderId', '=', order.order_id).execute(),
    ).toEqual([]);
    const entries = await t.database.db
      .selectFrom('ledgerEntries')
      .select(['account', 'amountPaise'])
      .where('transactionId', '=', effects.sales[0]!.id)
      .orderBy('account')
      .execute();
    expect(entries).toEqual([
      { account: 'creator_wallet', amountPaise: CREATOR_SHARE },
      { account: 'fan_payments_clearing', amountPaise: -PRICE },
      { account: 'platform_revenue', amountPaise: PRICE - CREATOR_SHARE },
    ]);
    expect(await walletOf(t.database, creator.id)).toBe(CREATOR_SHARE);
    expect(await contentRow(t.database, item.id)).toMatchObject({ unlocks: 1, earningsPaise: CREATOR_SHARE });
    const webhookEvent = effects.events.find((event) => event.source === 'webhook');
    expect(webhookEvent).toMatchObject({ providerPaymentId: cfPaymentId, deliveries: 50 });
    expect(await receiptsTo(fan.email)).toHaveLength(1);
  });

  it('sales of one item to many fans at once all count: no lost update on the counters or the wallet', async () => {
    const { creator, item } = await sellerAndFan(t.app, PRICE);
    const fans = await Promise.all(Array.from({ length: 6 }, (_, i) => newFan(t.app, `Fan Number ${i + 1}`)));
    const orders = [];
    for (const fan of fans) orders.push(await createOrder(t.app, fan.cookie, item.id));
    const responses = await Promise.all(
      orders.flatMap((order, i) =>
        [0, 1].map(() =>
          sendWebhook(t, webhookBody({ orderId: order.order_id, amountPaise: PRICE, paymentId: `race-${i}` })),
        ),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(await walletOf(t.database, creator.id)).toBe(6 * CREATOR_SHARE);
    expect(await contentRow(t.database, item.id)).toMatchObject({ unlocks: 6, earningsPaise: 6 * CREATOR_SHARE });
    for (const order of orders) {
      const effects = await orderEffects(t.database, order.order_id);
      expect(effects.status).toBe('PAID');
      expect(effects.unlocks).toHaveLength(1);
    }
  });
});

type EventStatus = 'SUCCESS' | 'FAILED' | 'USER_DROPPED';

describe('any mix and order of provider events for one order (property)', () => {
  let seller: { creator: { id: string }; item: StudioContent };
  beforeAll(async () => {
    const cast = await sellerAndFan(t.app, PRICE);
    seller = { creator: cast.creator, item: cast.item };
  });

  it('ends PAID if and only if a SUCCESS was among them, with exactly one unlock and credit then, none otherwise', async () => {
    let run = 0;
    const event = fc.record({
      status: fc.constantFrom<EventStatus>('SUCCESS', 'FAILED', 'USER_DROPPED'),
      // Attempts 1–3 of a kind: repeats of the same attempt are duplicate deliveries.
      attempt: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 10 }), fc.boolean(), async (events, atOnce) => {
        run += 1;
        const fan = await newFan(t.app, `Property Fan ${run}`);
        const order = await createOrder(t.app, fan.cookie, seller.item.id);
        const walletBefore = await walletOf(t.database, seller.creator.id);
        const itemBefore = await contentRow(t.database, seller.item.id);
        // At most one SUCCESS payment per order (Cashfree); its deliveries may repeat.
        const idOf = (one: { status: EventStatus; attempt: number }) =>
          one.status === 'SUCCESS' ? `p${run}-success` : `p${run}-${one.status}-${one.attempt}`;
        const send = (one: { status: EventStatus; attempt: number }) =>
          sendWebhook(
            t,
            webhookBody({ orderId: order.order_id, amountPaise: PRICE, paymentId: idOf(one), status: one.status }),
          );
        const responses = atOnce ? await Promise.all(events.map(send)) : [];
        if (!atOnce) for (const one of events) responses.push(await send(one));
        expect(responses.every((response) => response.statusCode === 200)).toBe(true);

        const paid = events.some((one) => one.status === 'SUCCESS');
        const effects = await orderEffects(t.database, order.order_id);
        expect(effects.status).toBe(paid ? 'PAID' : events.length > 0 ? 'FAILED' : 'ACTIVE');
        expect(effects.unlocks).toHaveLength(paid ? 1 : 0);
        expect(effects.sales).toHaveLength(paid ? 1 : 0);
        if (paid) expect(effects.order.providerPaymentId).toBe(`p${run}-success`);
        const share = paid ? CREATOR_SHARE : 0;
        expect(await walletOf(t.database, seller.creator.id)).toBe(walletBefore + share);
        const itemAfter = await contentRow(t.database, seller.item.id);
        expect(itemAfter.unlocks).toBe(itemBefore.unlocks + (paid ? 1 : 0));
        expect(itemAfter.earningsPaise).toBe(itemBefore.earningsPaise + share);
        expect(await receiptsTo(fan.email)).toHaveLength(paid ? 1 : 0);

        // One event row per payment attempt, every delivery counted on it.
        const distinct = new Set(events.map((one) => `${idOf(one)}:${one.status}`));
        expect(effects.events).toHaveLength(distinct.size);
        expect(effects.events.reduce((total, row) => total + row.deliveries, 0)).toBe(events.length);

        const answer = await verify(t.app, fan.cookie, order.order_id);
        expect(answer.status).toBe(paid ? 'PAID' : events.length > 0 ? 'FAILED' : 'PENDING');
        await expectLedgerHolds(t.app);
      }),
      { numRuns: 25 },
    );
  });
});
