import { randomUUID } from 'node:crypto';
import {
  ADMIN_LIST_LIMIT,
  ADMIN_LOG_LIMIT,
  type AdminContent,
  type AdminCreator,
  type AdminLogs,
  type AdminOverview,
  type AdminPayment,
  type WithdrawResponse,
} from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from '../src/features/audit/audit-repository.js';
import { freshIp } from './accounts-helpers.js';
import { adminCookie, getAs } from './content-helpers.js';
import { createOrder, expectLedgerHolds, newFan, paidOrder, walletOf } from './payments-helpers.js';
import { buildTestApp, MANUAL_PAYOUTS, TEST_ADMIN, type TestApp } from './test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp(MANUAL_PAYOUTS);
  admin = await adminCookie(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

async function read<T>(url: string): Promise<T> {
  const response = await getAs(t.app, url, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

function post(url: string, cookie: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp(), headers: { cookie } });
}

/** The creator takes her whole balance out through the real route. */
async function withdrawAll(cookie: string, creatorId: string): Promise<WithdrawResponse> {
  const balance = await walletOf(t.database, creatorId);
  const response = await post('/api/withdraw', cookie, { amount: balance / 100, upi: 'meera.rathore@okaxis' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WithdrawResponse>();
}

/** A sale at ₹1,499 with the default 5% fee: ₹74.95 to Kholo, ₹1,424.05 to the creator. */
const BIG = { price: 149_900, fee: 7_495, credit: 142_405 };
/** A sale at ₹149, the fee rounded down: ₹7.45 to Kholo, ₹141.55 to the creator. */
const SMALL = { price: 14_900, fee: 745, credit: 14_155 };

describe('admin lists with nothing in them', () => {
  it('answer empty lists and an overview of zeros (the admin is the only account)', async () => {
    expect(await read('/api/admin/payments')).toEqual({ items: [] });
    expect(await read('/api/admin/contents')).toEqual({ items: [] });
    expect(await read('/api/admin/creators')).toEqual({ items: [] });
    expect(await read('/api/admin/logs')).toEqual({ events: [], payoutEvents: [], audit: [] });
    expect(await read('/api/admin/overview')).toEqual({
      counts: {
        users: 1,
        creators: 0,
        fans: 0,
        payments: 0,
        orders: 0,
        unlocks: 0,
        contents: 0,
        failedJobs: 0,
        openProblemReports: 0,
        openDisputes: 0,
        failedRefunds: 0,
        openReports: 0,
        overdueReports: 0,
      },
      money: {
        salesPaise: 0,
        platformFeesPaise: 0,
        creatorBalancesPaise: 0,
        withdrawalsPendingPaise: 0,
        withdrawalsPendingCount: 0,
        withdrawalsPaidPaise: 0,
        refundsPaise: 0,
        creatorReceivablesPaise: 0,
      },
      payouts: {
        mode: 'manual',
        // The payouts simulator's platform balance: ₹1 crore until a test changes it.
        providerBalancePaise: 1_000_000_000,
        providerAvailablePaise: 1_000_000_000,
        providerProblem: null,
        waitingForFundsCount: 0,
        waitingForFundsPaise: 0,
        reviewCount: 0,
        reviewPaise: 0,
        sendingCount: 0,
        sendingPaise: 0,
      },
    });
  });
});

describe('admin lists after real sales, a withdrawal paid, one pending and an adjustment', () => {
  let paidOut: Awaited<ReturnType<typeof paidOrder>>;
  let pending: Awaited<ReturnType<typeof paidOrder>>;
  let small: Awaited<ReturnType<typeof paidOrder>>;
  let openOrderId: string;
  let browser: Awaited<ReturnType<typeof newFan>>;

  beforeAll(async () => {
    paidOut = await paidOrder(t, BIG.price);
    const first = await withdrawAll(paidOut.creator.cookie, paidOut.creator.id);
    const done = await post('/api/admin/withdrawals/payment-done', admin, { id: first.withdrawal.id });
    expect(done.statusCode, done.body).toBe(200);

    t.clock.advance(1000);
    pending = await paidOrder(t, BIG.price);
    await withdrawAll(pending.creator.cookie, pending.creator.id);

    t.clock.advance(1000);
    small = await paidOrder(t, SMALL.price);
    // A goodwill credit moves platform revenue too, but it is not a fee.
    const adjusted = await post('/api/manual-wallet-update', admin, {
      creatorId: small.creator.id,
      amountPaise: 5000,
      reason: 'Goodwill credit for a broken upload',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    t.clock.advance(1000);
    browser = await newFan(t.app, 'Kabir Singh');
    openOrderId = (await createOrder(t.app, browser.cookie, small.item.id)).order_id;
  });

  it('the overview counts accounts, orders and money from the database', async () => {
    expect(await read<AdminOverview>('/api/admin/overview')).toEqual({
      // The admin, three creators, four fans.
      counts: {
        users: 8,
        creators: 3,
        fans: 4,
        payments: 3,
        orders: 4,
        unlocks: 3,
        contents: 3,
        failedJobs: 0,
        openProblemReports: 0,
        openDisputes: 0,
        failedRefunds: 0,
        openReports: 0,
        overdueReports: 0,
      },
      money: {
        salesPaise: 2 * BIG.price + SMALL.price,
        platformFeesPaise: 2 * BIG.fee + SMALL.fee,
        creatorBalancesPaise: SMALL.credit + 5000,
        withdrawalsPendingPaise: BIG.credit,
        withdrawalsPendingCount: 1,
        withdrawalsPaidPaise: BIG.credit,
        refundsPaise: 0,
        creatorReceivablesPaise: 0,
      },
      payouts: expect.objectContaining({ mode: 'manual', reviewCount: 0, waitingForFundsCount: 0, sendingCount: 0 }),
    });
  });

  it('payments: newest first, with who, what, and the sale split once paid', async () => {
    const { items } = await read<{ items: AdminPayment[] }>('/api/admin/payments');
    expect(items.map((item) => item.id)).toEqual([
      openOrderId,
      small.order.order_id,
      pending.order.order_id,
      paidOut.order.order_id,
    ]);
    expect(items[0]).toEqual({
      id: openOrderId,
      createdAt: t.clock.now(),
      status: 'ACTIVE',
      amountPaise: SMALL.price,
      feePaise: null,
      creditPaise: null,
      paidAt: null,
      failureReason: null,
      provider: 'simulator',
      providerPaymentId: null,
      fanEmail: browser.email,
      contentId: small.item.id,
      contentTitle: 'Monsoon in Kochi',
      creatorId: small.creator.id,
      creatorHandle: small.creator.handle,
      refund: null,
      ticket: null,
      dispute: null,
      refundable: false,
    });
    expect(items[1]).toMatchObject({
      status: 'PAID',
      amountPaise: SMALL.price,
      feePaise: SMALL.fee,
      creditPaise: SMALL.credit,
      paidAt: t.clock.now() - 1000,
      fanEmail: small.fan.email,
      creatorHandle: small.creator.handle,
      providerPaymentId: expect.any(String),
    });
    expect(items[3]).toMatchObject({ status: 'PAID', feePaise: BIG.fee, creditPaise: BIG.credit });
    for (const item of items.filter((one) => one.status === 'PAID')) {
      expect(item.feePaise! + item.creditPaise!).toBe(item.amountPaise);
    }
  });

  it('contents: not deleted, newest first, with the creator; creators: email, counts and earnings', async () => {
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${paidOut.item.id}`,
      headers: { cookie: paidOut.creator.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const contents = await read<{ items: AdminContent[] }>('/api/admin/contents');
    expect(contents.items.map((item) => item.id)).toEqual([small.item.id, pending.item.id]);
    expect(contents.items[0]).toEqual({
      id: small.item.id,
      createdAt: small.item.createdAt,
      title: 'Monsoon in Kochi',
      description: small.item.description,
      mediaKind: 'image',
      pricePaise: SMALL.price,
      isAdultContent: false,
      unlocks: 1,
      earningsPaise: SMALL.credit,
      creatorId: small.creator.id,
      creatorHandle: small.creator.handle,
      creatorName: 'Meera Rathore',
      hiddenAt: null,
      hiddenReason: null,
    });

    const creators = await read<{ items: AdminCreator[] }>('/api/admin/creators');
    expect(creators.items.map((item) => item.id)).toEqual([small.creator.id, pending.creator.id, paidOut.creator.id]);
    expect(creators.items[0]).toEqual({
      id: small.creator.id,
      createdAt: expect.any(Number),
      name: 'Meera Rathore',
      handle: small.creator.handle,
      email: expect.stringMatching(/@example\.com$/),
      walletBalancePaise: SMALL.credit + 5000,
      contentCount: 1,
      earningsPaise: SMALL.credit,
      suspendedAt: null,
      suspendedReason: null,
    });
    // Her deleted item no longer counts as content, but what it earned stays earned.
    expect(creators.items[2]).toMatchObject({ contentCount: 0, earningsPaise: BIG.credit, walletBalancePaise: 0 });
  });

  it('logs: the provider events and the audit trail, newest first', async () => {
    const logs = await read<AdminLogs>('/api/admin/logs');
    expect(logs.events.length).toBeGreaterThan(0);
    const paidEvents = logs.events.filter((event) => event.orderId === small.order.order_id);
    expect(paidEvents.length).toBeGreaterThan(0);
    expect(paidEvents[0]).toMatchObject({ source: 'webhook', amountPaise: SMALL.price, currency: 'INR' });
    const times = logs.events.map((event) => event.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(logs.audit.map((entry) => entry.action)).toEqual(['wallet.adjust', 'withdrawal.mark_paid']);
    expect(logs.audit[0]).toMatchObject({ actorEmail: TEST_ADMIN.email, subjectId: small.creator.id });
  });
});

describe('admin lists stop at their limits', () => {
  it('payments and contents at 100, logs at 50, newest first', async () => {
    const cast = await paidOrder(t);
    const base = t.clock.now() + 10_000;
    const { db } = t.database;
    // Rows written directly: this reads lists, it moves no money (every order is EXPIRED).
    await db
      .insertInto('orders')
      .values(
        Array.from({ length: ADMIN_LIST_LIMIT + 1 }, (_, i) => ({
          id: `order_limit_${String(i).padStart(3, '0')}`,
          fanId: cast.fan.id,
          contentId: cast.item.id,
          creatorId: cast.creator.id,
          amountPaise: cast.item.pricePaise,
          currency: 'INR' as const,
          status: 'EXPIRED' as const,
          provider: 'simulator',
          paymentSessionId: null,
          providerPaymentId: null,
          failureReason: 'expired',
          createdAt: base + i,
          updatedAt: base + i,
          paidAt: null,
          nextCheckAt: base + i,
        })),
      )
      .execute();
    const row = await db.selectFrom('contents').selectAll().where('id', '=', cast.item.id).executeTakeFirstOrThrow();
    await db
      .insertInto('contents')
      .values(
        Array.from({ length: ADMIN_LIST_LIMIT + 1 }, (_, i) => ({
          ...row,
          id: `content_limit_${String(i).padStart(3, '0')}`,
          title: `Item ${i}`,
          mediaKey: `${row.mediaKey}.${i}`,
          previewKey: `${row.previewKey}.${i}`,
          displayKey: `${row.displayKey ?? 'display'}.${i}`,
          unlocks: 0,
          earningsPaise: 0,
          createdAt: base + i,
          updatedAt: base + i,
        })),
      )
      .execute();
    await db
      .insertInto('paymentEvents')
      .values(
        Array.from({ length: ADMIN_LOG_LIMIT + 1 }, (_, i) => ({
          id: randomUUID(),
          dedupeKey: `limit:${i}`,
          source: 'webhook' as const,
          eventType: 'PAYMENT_SUCCESS_WEBHOOK',
          orderId: null,
          providerPaymentId: null,
          paymentStatus: 'SUCCESS',
          amountPaise: 100,
          currency: 'INR',
          outcome: 'unknown_order',
          createdAt: base + i,
          lastSeenAt: base + i,
        })),
      )
      .execute();
    const audit = createAuditRepository(db);
    for (let i = 0; i <= ADMIN_LOG_LIMIT; i += 1) {
      await audit.record({
        actor: { id: 'admin', email: TEST_ADMIN.email },
        action: 'content.hide',
        subjectId: `subject-${i}`,
        before: null,
        after: null,
        reason: 'limit test',
        at: base + i,
      });
    }

    const payments = await read<{ items: AdminPayment[] }>('/api/admin/payments');
    expect(payments.items).toHaveLength(ADMIN_LIST_LIMIT);
    expect(payments.items[0]!.id).toBe(`order_limit_${ADMIN_LIST_LIMIT}`);
    expect(payments.items.at(-1)!.id).toBe('order_limit_001');
    const contents = await read<{ items: AdminContent[] }>('/api/admin/contents');
    expect(contents.items).toHaveLength(ADMIN_LIST_LIMIT);
    expect(contents.items.map((item) => item.title)).toEqual(
      Array.from({ length: ADMIN_LIST_LIMIT }, (_, i) => `Item ${ADMIN_LIST_LIMIT - i}`),
    );
    const logs = await read<AdminLogs>('/api/admin/logs');
    expect(logs.events).toHaveLength(ADMIN_LOG_LIMIT);
    expect(logs.events.map((event) => event.createdAt)).toEqual(
      Array.from({ length: ADMIN_LOG_LIMIT }, (_, i) => base + ADMIN_LOG_LIMIT - i),
    );
    expect(logs.audit).toHaveLength(ADMIN_LOG_LIMIT);
    expect(logs.audit.map((entry) => entry.subjectId)).toEqual(
      Array.from({ length: ADMIN_LOG_LIMIT }, (_, i) => `subject-${ADMIN_LOG_LIMIT - i}`),
    );
    expect(ADMIN_LIST_LIMIT).toBe(100);
    expect(ADMIN_LOG_LIMIT).toBe(50);
  });

  it('creators at 100, newest first', async () => {
    const { db } = t.database;
    const base = t.clock.now() + 100_000;
    const ids = Array.from({ length: ADMIN_LIST_LIMIT + 1 }, (_, i) => `creator_limit_${String(i).padStart(3, '0')}`);
    const now = new Date(base);
    for (const [i, id] of ids.entries()) {
      // better-auth's own columns, written as it would (ADR 008); no password: nobody signs in as these.
      await db
        .insertInto('authUsers')
        .values({
          id,
          name: `Creator ${i}`,
          email: `${id}@example.com`,
          emailVerified: t.config.database.kind === 'postgres' ? false : 0,
          createdAt: t.config.database.kind === 'postgres' ? now : now.toISOString(),
          updatedAt: t.config.database.kind === 'postgres' ? now : now.toISOString(),
        } as never)
        .execute();
      await db
        .insertInto('creators')
        .values({
          userId: id,
          handle: `limit-${i}`,
          name: `Creator ${i}`,
          bio: null,
          avatarKey: null,
          createdAt: base + i,
        })
        .execute();
    }
    const creators = await read<{ items: AdminCreator[] }>('/api/admin/creators');
    expect(creators.items).toHaveLength(ADMIN_LIST_LIMIT);
    expect(creators.items.map((item) => item.id)).toEqual([...ids].reverse().slice(0, ADMIN_LIST_LIMIT));
    expect(creators.items[0]).toMatchObject({ email: `${ids.at(-1)!}@example.com`, contentCount: 0, earningsPaise: 0 });
  });
});
