import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { createContentRepository, type ContentRepository } from '../src/features/content/content-repository.js';
import { createOrdersRepository, payableOrder } from '../src/features/payments/index.js';
import type { Buyer } from '../src/features/payments/index.js';
import type { SettlementResult } from '../src/features/payments/index.js';
import { settlementOver } from './money-fixtures.js';
import { AppError } from '../src/lib/app-error.js';
import type { PaymentGateway } from '../src/providers/payments/payment-gateway.js';
import { signUp } from './accounts-helpers.js';
import { contentRow, uploadItem } from './content-helpers.js';
import {
  expectLedgerHolds,
  newFan,
  orderEffects,
  paymentsServiceOver,
  postOrder,
  resetSimulator,
  sellerAndFan,
  sendWebhook,
  walletOf,
  webhookBody,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * A fan's order and the creator's delete of the same item, interleaved every way: either the
 * delete sees the order (and keeps the files for it), or the order sees the delete (and is
 * refused). Never an open order for an item whose files are gone.
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

/** A gateway that makes every order it is asked for, as a provider that is up would. */
const agreeingGateway: PaymentGateway = {
  createOrder: (order) =>
    Promise.resolve({
      orderId: order.orderId,
      status: 'ACTIVE',
      amountPaise: order.amountPaise,
      currency: 'INR',
      paymentSessionId: `session_${order.orderId}`,
    }),
  getOrder: () => Promise.reject(new Error('not used here')),
  getPayments: () => Promise.reject(new Error('not used here')),
  createRefund: () => Promise.reject(new Error('not used here')),
  getRefund: () => Promise.reject(new Error('not used here')),
  getDispute: () => Promise.reject(new Error('not used here')),
  payOrderUpi: () => Promise.reject(new Error('not used here')),
};

/** The payments service over the test database, reading items through `contents`. */
function serviceReading(contents: ContentRepository) {
  return paymentsServiceOver(t, { gateway: agreeingGateway, contents });
}

function deleteItem(cookie: string, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/studio/contents/${id}`, headers: { cookie } });
}

async function ordersFor(contentId: string) {
  return t.database.db.selectFrom('orders').selectAll().where('contentId', '=', contentId).execute();
}

function buyerOf(fan: { id: string; email: string }): Buyer {
  return { id: fan.id, email: fan.email, name: 'Arjun Mehta' };
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

/**
 * Runs `other` while `holder`'s transaction keeps the item row locked, until PostgreSQL shows
 * `other` waiting for a lock on it (or `other` is done); then commits and answers `other`'s result.
 */
async function whileRowHeld<T>(holder: (trx: Kysely<Database>) => Promise<void>, other: () => Promise<T>): Promise<T> {
  const { db } = t.database;
  let running: Promise<T> | undefined;
  let finished = false;
  await db.transaction().execute(async (trx) => {
    await holder(trx);
    running = other().finally(() => {
      finished = true;
    });
    while (!finished && !(await waitsForLock(db, 'contents'))) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return running!;
}

describe('an item deleted while a fan’s order for it is being created', () => {
  it('between the order’s read of the item and its insert: the order is refused, and the files go', async () => {
    const { creator, fan, item } = await sellerAndFan(t.app);
    const real = createContentRepository(t.database.db, {
      payableOrder: payableOrder(t.config.payments.latePaymentGraceMs),
    });
    // The creator's delete lands right after the order read the item as on sale.
    const racing: ContentRepository = {
      ...real,
      async findById(id) {
        const row = await real.findById(id);
        expect((await deleteItem(creator.cookie, id)).statusCode).toBe(204);
        return row;
      },
    };

    const error = await refusal(serviceReading(racing).createOrder(buyerOf(fan), { contentId: item.id }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Content not found.' });
    expect(await ordersFor(item.id)).toEqual([]);
    expect((await contentRow(t.database, item.id)).filesRemovedAt).toBe(t.clock.now());
  });

  it.runIf(process.env['TEST_DATABASE_URL'] !== undefined)(
    'on PostgreSQL, an order that reaches the item while the delete is uncommitted waits for it, then is refused',
    async () => {
      const { creator, fan, item } = await sellerAndFan(t.app);
      const { db } = t.database;
      const error = await whileRowHeld(
        // The delete's first statement: the row is now locked until this transaction ends.
        async (trx) => {
          await trx
            .updateTable('contents')
            .set({ deletedAt: t.clock.now(), updatedAt: t.clock.now() })
            .where('id', '=', item.id)
            .where('creatorId', '=', creator.id)
            .execute();
        },
        // The item still reads as on sale outside that transaction, so the order gets as far as
        // its insert; there it must wait for the delete rather than write past it.
        () =>
          refusal(
            serviceReading(
              createContentRepository(db, { payableOrder: payableOrder(t.config.payments.latePaymentGraceMs) }),
            ).createOrder(buyerOf(fan), {
              contentId: item.id,
            }),
          ),
      );
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Content not found.' });
      expect(await ordersFor(item.id)).toEqual([]);
    },
  );

  it('at the same moment as several fans’ orders: open orders and removed files never meet', async () => {
    const creator = await signUp(t.app, { role: 'creator', name: 'Meera Rathore' });
    const fans = await Promise.all([newFan(t.app, 'Fan One'), newFan(t.app, 'Fan Two'), newFan(t.app, 'Fan Three')]);
    for (let round = 0; round < 6; round += 1) {
      const item = await uploadItem(t.app, creator.cookie, { pricePaise: '14900', title: `Round ${round}` });
      const orders = fans.map((fan) => postOrder(t.app, fan.cookie, { contentId: item.id }));
      // The delete starts after a varying number of the orders, so each round interleaves differently.
      const [deleted, ...answers] = await Promise.all([
        new Promise<void>((resolve) => setTimeout(resolve, round)).then(() => deleteItem(creator.cookie, item.id)),
        ...orders,
      ]);
      expect(deleted.statusCode).toBe(204);
      for (const answer of answers) expect([200, 404]).toContain(answer.statusCode);

      const row = await contentRow(t.database, item.id);
      const placed = await ordersFor(item.id);
      expect(placed).toHaveLength(answers.filter((answer) => answer.statusCode === 200).length);
      // Files given up means no order could still pay for them; an order means they were kept.
      if (row.filesRemovedAt !== null) expect(placed).toEqual([]);
      else expect(placed.length).toBeGreaterThan(0);
    }
  });
});

describe('settling an order whose item’s files are gone', () => {
  it('grants no unlock and no credit, closes the order, and refunds the fan by itself', async () => {
    const { creator, fan, item } = await sellerAndFan(t.app);
    const order = await serviceReading(
      createContentRepository(t.database.db, { payableOrder: payableOrder(t.config.payments.latePaymentGraceMs) }),
    ).createOrder(buyerOf(fan), {
      contentId: item.id,
    });
    // What the race above leaves behind if the order had slipped through: deleted, files given up.
    await t.database.db
      .updateTable('contents')
      .set({ deletedAt: t.clock.now(), filesRemovedAt: t.clock.now() })
      .where('id', '=', item.id)
      .execute();

    const paid = await sendWebhook(
      t,
      webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: '5114910999101' }),
    );
    expect(paid.statusCode).toBe(200);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.order).toMatchObject({ status: 'FAILED', failureReason: 'paid_for_removed_item' });
    expect(effects.unlocks).toEqual([]);
    expect(effects.sales).toEqual([]);
    expect(await walletOf(t.database, creator.id)).toBe(0);
    expect(effects.events.map((event) => event.outcome)).toEqual(['paid_for_removed_item']);
    const refunds = await t.database.db
      .selectFrom('refunds')
      .selectAll()
      .where('orderId', '=', order.order_id)
      .execute();
    expect(refunds).toEqual([
      expect.objectContaining({ reason: 'paid_for_removed_item', amountPaise: 14_900, feePaise: 0 }),
    ]);

    // A repeat of the webhook changes nothing (one refund still), and the order is no longer polled.
    await sendWebhook(t, webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: '5114910999101' }));
    expect((await orderEffects(t.database, order.order_id)).unlocks).toEqual([]);
    expect(
      await t.database.db.selectFrom('refunds').select('id').where('orderId', '=', order.order_id).execute(),
    ).toHaveLength(1);
    const due = await createOrdersRepository(t.database.db).listDueForCheck(
      t.clock.now() + 60 * 60_000,
      t.clock.now() + 60 * 60_000,
      t.config.payments.latePaymentGraceMs,
      100,
    );
    expect(due.map((row) => row.id)).not.toContain(order.order_id);
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'] !== undefined)(
  'on PostgreSQL, a late payment and the removal of its item’s files at the same moment',
  () => {
    const DAY_MS = 24 * 60 * 60_000;

    it('a removal in flight is waited for: the payment is then refused for a refund, with no unlock', async () => {
      const { creator, fan, item } = await sellerAndFan(t.app);
      const { db } = t.database;
      const order = await serviceReading(
        createContentRepository(db, { payableOrder: payableOrder(t.config.payments.latePaymentGraceMs) }),
      ).createOrder(buyerOf(fan), {
        contentId: item.id,
      });
      const settle = settlementOver(db, t.clock);

      const result: SettlementResult = await whileRowHeld(
        // The removal's first statement, not yet committed: the row is locked, its files marked gone.
        async (trx) => {
          await trx
            .updateTable('contents')
            .set({ deletedAt: t.clock.now(), filesRemovedAt: t.clock.now() })
            .where('id', '=', item.id)
            .execute();
        },
        () => settle(order.order_id, { providerPaymentId: '5114910999102', amountPaise: 14_900, currency: 'INR' }),
      );

      expect(result.kind).toBe('paid_for_removed_item');
      const effects = await orderEffects(t.database, order.order_id);
      expect(effects.order).toMatchObject({ status: 'FAILED', failureReason: 'paid_for_removed_item' });
      expect(effects.unlocks).toEqual([]);
      expect(await walletOf(t.database, creator.id)).toBe(0);
    });

    it('a removal that reaches the row while a settlement holds it waits, then sees the unlock and keeps the files', async () => {
      const { creator, fan, item } = await sellerAndFan(t.app);
      const { db } = t.database;
      const contents = createContentRepository(db, {
        payableOrder: payableOrder(t.config.payments.latePaymentGraceMs),
      });
      const order = await serviceReading(contents).createOrder(buyerOf(fan), { contentId: item.id });
      // Deleted while the order was open, so the files stayed; then the order expired, so the
      // sweep would now give them up — unless a late payment of that order settles first.
      expect((await deleteItem(creator.cookie, item.id)).statusCode).toBe(204);
      await db.updateTable('orders').set({ status: 'EXPIRED' }).where('id', '=', order.order_id).execute();
      const now = t.clock.now();
      expect(await contents.findDeletedWithUnneededFiles(now, 100)).toContain(item.id);

      const released = await whileRowHeld(
        // What settlement does first: hold the item row, write the fan's unlock; not yet committed.
        async (trx) => {
          await trx.selectFrom('contents').select('id').where('id', '=', item.id).forUpdate().execute();
          await trx
            .insertInto('unlocks')
            .values({
              id: randomUUID(),
              fanId: fan.id,
              contentId: item.id,
              purchasedAt: now,
              expiresAt: now + 14 * DAY_MS,
              orderId: order.order_id,
            })
            .execute();
        },
        () => contents.releaseFilesIfUnneeded(item.id, now),
      );

      expect(released).toEqual([]);
      expect((await contentRow(t.database, item.id)).filesRemovedAt).toBeNull();
    });
  },
);

/** Whether a connection of this database is waiting for a row lock on `table`, as PostgreSQL reports it. */
async function waitsForLock(db: Kysely<Database>, table: string): Promise<boolean> {
  const result = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'
      and query like ${`%"${table}"%`}`.execute(db);
  return (result.rows[0]?.waiting ?? 0) > 0;
}
