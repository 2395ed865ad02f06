import { formatDateTime, type StudioContents } from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentRow, getAs } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  moneySnapshot,
  orderEffects,
  paidOrder,
  payInSimulator,
  resetSimulator,
  sellerAndFan,
  sendWebhook,
  setControls,
  simulatorPayment,
  verify,
  walletOf,
  webhookBody,
} from './payments-helpers.js';
import { settlementOver } from './money-fixtures.js';
import { buildTestApp, type TestApp } from './test-app.js';

const DAY = 24 * 60 * 60 * 1000;

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

async function studio(app: TestApp, cookie: string): Promise<StudioContents> {
  const response = await getAs(app.app, '/api/studio/contents', cookie);
  expect(response.statusCode).toBe(200);
  return response.json<StudioContents>();
}

describe('settling a paid order', () => {
  it('writes the order, the unlock, a balanced sale and the counters in one go', async () => {
    const { creator, item, fan, order } = await paidOrder(t);
    const now = t.clock.now();
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({
      status: 'PAID',
      paidAt: now,
      providerPaymentId: (await simulatorPayment(t.app, order.order_id)).cfPaymentId,
      failureReason: null,
    });
    expect(effects.unlocks).toEqual([
      {
        id: expect.any(String),
        fanId: fan.id,
        contentId: item.id,
        orderId: order.order_id,
        purchasedAt: now,
        expiresAt: now + 14 * DAY,
        views: 0,
        firstViewedAt: null,
        lastViewedAt: null,
        remindedAt: null,
      },
    ]);
    expect(effects.sales).toEqual([
      expect.objectContaining({
        reference: `sale:${order.order_id}`,
        kind: 'sale',
        orderId: order.order_id,
        creatorId: creator.id,
        createdBy: null,
        createdAt: now,
      }),
    ]);
    const entries = await t.database.db
      .selectFrom('ledgerEntries')
      .select(['account', 'creatorId', 'amountPaise'])
      .where('transactionId', '=', effects.sales[0]!.id)
      .orderBy('account')
      .execute();
    expect(entries).toEqual([
      { account: 'creator_wallet', creatorId: creator.id, amountPaise: 14_155 },
      { account: 'fan_payments_clearing', creatorId: null, amountPaise: -14_900 },
      { account: 'platform_revenue', creatorId: null, amountPaise: 745 },
    ]);
    expect(await contentRow(t.database, item.id)).toMatchObject({ unlocks: 1, earningsPaise: 14_155 });
  });

  it('shows on the creator’s dashboard: balance and earnings up by price − 5% fee', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app, 49_900);
    const before = await studio(t, creator.cookie);
    expect(before.summary).toMatchObject({ walletBalancePaise: 0, earningsPaise: 0 });
    expect(before.items.find((one) => one.id === item.id)).toMatchObject({ unlocks: 0, earningsPaise: 0 });

    const order = await createOrder(t.app, fan.cookie, item.id);
    await payInSimulator(t.app, order.payment_session_id);
    // ₹499 less ₹24.95.
    const after = await studio(t, creator.cookie);
    expect(after.summary).toMatchObject({ walletBalancePaise: 47_405, earningsPaise: 47_405 });
    expect(after.items.find((one) => one.id === item.id)).toMatchObject({ unlocks: 1, earningsPaise: 47_405 });
  });

  it('a second settlement of the same order is impossible even past the PAID gate: the unique constraints refuse it', async () => {
    const { creator, order } = await paidOrder(t);
    const settle = settlementOver(t.database.db, t.clock);
    const evidence = { providerPaymentId: 'again', amountPaise: 14_900, currency: 'INR' };
    expect((await settle(order.order_id, evidence)).kind).toBe('already_paid');
    expect((await settle('kh_unknown_order', evidence)).kind).toBe('unknown_order');

    // Pretend the gate were broken: the order looks open again (and its unlock over, or the
    // second payment would be sent back as one for an item she holds).
    await t.database.db.updateTable('orders').set({ status: 'ACTIVE' }).where('id', '=', order.order_id).execute();
    const unlock = await t.database.db
      .selectFrom('unlocks')
      .select('expiresAt')
      .where('orderId', '=', order.order_id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('unlocks')
      .set({ expiresAt: t.clock.now() })
      .where('orderId', '=', order.order_id)
      .execute();
    const before = await moneySnapshot(t.database);
    await expect(settle(order.order_id, evidence)).rejects.toThrow(/unique|duplicate key/i);
    expect(await moneySnapshot(t.database)).toEqual(before);
    expect(await walletOf(t.database, creator.id)).toBe(14_155);
    await t.database.db.updateTable('orders').set({ status: 'PAID' }).where('id', '=', order.order_id).execute();
    await t.database.db
      .updateTable('unlocks')
      .set({ expiresAt: unlock.expiresAt })
      .where('orderId', '=', order.order_id)
      .execute();
  });
});

describe('a different platform fee', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await buildTestApp({ payments: { ...t.config.payments, platformFeeBps: 750 } });
    resetSimulator(other.app);
  });
  afterAll(() => other.close());

  it('PLATFORM_FEE_BPS=750 takes 7.5%, rounded down to whole paise in the creator’s favour', async () => {
    expect(other.config.payments.reconcileIntervalMs).toBe(0);
    const { creator, item, fan } = await sellerAndFan(other.app, 14_900);
    const order = await createOrder(other.app, fan.cookie, item.id);
    await payInSimulator(other.app, order.payment_session_id);
    // 7.5% of ₹149 is ₹11.175: the fee is ₹11.17 and the creator gets ₹137.83.
    const after = await studio(other, creator.cookie);
    expect(after.summary).toMatchObject({ walletBalancePaise: 13_783, earningsPaise: 13_783 });
    const sale = await other.database.db
      .selectFrom('ledgerEntries')
      .innerJoin('ledgerTransactions', 'ledgerTransactions.id', 'ledgerEntries.transactionId')
      .select(['ledgerEntries.account', 'ledgerEntries.amountPaise'])
      .where('ledgerTransactions.orderId', '=', order.order_id)
      .orderBy('ledgerEntries.account')
      .execute();
    expect(sale).toEqual([
      { account: 'creator_wallet', amountPaise: 13_783 },
      { account: 'fan_payments_clearing', amountPaise: -14_900 },
      { account: 'platform_revenue', amountPaise: 1117 },
    ]);
    await expectLedgerHolds(other.app);
  });
});

describe('the receipt', () => {
  it('goes to the fan with the item, creator, amount, order id, date and access end', async () => {
    const { creator, item, fan, order } = await paidOrder(t);
    const paidAt = t.clock.now();
    const receipts = (await t.sentMail()).filter((message) => message.to === fan.email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt?.subject).toBe('Receipt: Monsoon in Kochi (₹149)');
    for (const line of [
      'Item: Monsoon in Kochi',
      `Creator: ${creator.name}`,
      'Amount paid: ₹149',
      `Order ID: ${order.order_id}`,
      `Paid on: ${formatDateTime(paidAt)}`,
      `Access until: ${formatDateTime(paidAt + 14 * DAY)}`,
    ]) {
      expect(receipt?.text).toContain(line);
    }
    expect(receipt?.html).toContain(order.order_id);
    expect(receipt?.links).toEqual([`${t.config.publicUrl}/content/${item.id}`, `${t.config.publicUrl}/purchases`]);
    // Nobody else hears of it.
    expect((await t.sentMail()).filter((message) => message.text.includes(order.order_id))).toHaveLength(1);
  });

  it('is sent exactly once however many webhooks, verifies and reconciler passes arrive', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    setControls(t.app, { duplicateWebhooks: 3, outOfOrderWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id);
    const body = webhookBody({
      orderId: order.order_id,
      amountPaise: 14_900,
      paymentId: (await simulatorPayment(t.app, order.order_id)).cfPaymentId,
    });
    await Promise.all([sendWebhook(t, body), sendWebhook(t, body), verify(t.app, fan.cookie, order.order_id)]);
    t.clock.advance(5 * 60_000);
    await t.app.payments.service.reconcileOnce(100);
    expect((await t.sentMail()).filter((message) => message.to === fan.email)).toHaveLength(1);
  });

  it('is not sent for a payment that does not settle', async () => {
    const { item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    setControls(t.app, { misreportAmountPaise: 100 });
    await payInSimulator(t.app, order.payment_session_id);
    expect((await verify(t.app, fan.cookie, order.order_id)).status).toBe('FAILED');
    expect((await t.sentMail()).filter((message) => message.to === fan.email)).toEqual([]);
  });
});
