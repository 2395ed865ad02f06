import type { StudioContents } from '@kholo/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/features/ledger/index.js';
import { errorOf, signUp } from './accounts-helpers.js';
import { adminCookie, getAs } from './content-helpers.js';
import { expectLedgerHolds, moneySnapshot, newFan, paidOrder, walletOf } from './payments-helpers.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCookie(t.app);
  const row = await t.database.db
    .selectFrom('authUsers')
    .select('id')
    .where('email', '=', TEST_ADMIN.email)
    .executeTakeFirstOrThrow();
  adminId = row.id;
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

function adjust(cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/manual-wallet-update',
    payload: payload as object,
    headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) },
  });
}

async function newCreator(name = 'Meera Rathore') {
  const creator = await signUp(t.app, { role: 'creator', name });
  return { id: creator.me.account!.id, cookie: creator.cookie };
}

describe('POST /api/manual-wallet-update: admin only', () => {
  it('refuses a visitor (401), a fan and a creator (403), a forged x-admin-email header (403), and a cross-site form', async () => {
    const creator = await newCreator();
    const fan = await newFan(t.app);
    const payload = { creatorId: creator.id, amountPaise: 100_000, reason: 'Paid for my own account' };
    const before = await moneySnapshot(t.database);

    const anonymous = await adjust(undefined, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
    for (const cookie of [fan.cookie, creator.cookie]) {
      const response = await adjust(cookie, payload);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: 'Only the Kholo admin can do this.' });
      const forged = await adjust(cookie, payload, { 'x-admin-email': TEST_ADMIN.email });
      expect(forged.statusCode).toBe(403);
    }
    const forgedAlone = await adjust(undefined, payload, { 'x-admin-email': TEST_ADMIN.email });
    expect(forgedAlone.statusCode).toBe(401);
    const crossSite = await adjust(admin, payload, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);

    expect(await moneySnapshot(t.database)).toEqual(before);
    expect(await walletOf(t.database, creator.id)).toBe(0);
  });
});

describe('POST /api/manual-wallet-update: adjustments', () => {
  it('a credit moves the balance, posts a balanced adjustment and writes the audit log', async () => {
    const creator = await newCreator();
    const reason = 'Goodwill credit for a broken upload';
    const response = await adjust(admin, { creatorId: creator.id, amountPaise: 5000, reason });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ transactionId: string; creatorId: string; balancePaise: number }>();
    expect(body).toEqual({ transactionId: expect.any(String), creatorId: creator.id, balancePaise: 5000 });
    expect(await walletOf(t.database, creator.id)).toBe(5000);

    const transaction = await t.database.db
      .selectFrom('ledgerTransactions')
      .selectAll()
      .where('id', '=', body.transactionId)
      .executeTakeFirstOrThrow();
    expect(transaction).toMatchObject({
      kind: 'adjustment',
      orderId: null,
      creatorId: creator.id,
      memo: reason,
      createdBy: adminId,
      createdAt: t.clock.now(),
    });
    expect(transaction.reference).toMatch(/^adjustment:/);
    const entries = await t.database.db
      .selectFrom('ledgerEntries')
      .select(['account', 'creatorId', 'amountPaise'])
      .where('transactionId', '=', body.transactionId)
      .orderBy('account')
      .execute();
    expect(entries).toEqual([
      { account: 'creator_wallet', creatorId: creator.id, amountPaise: 5000 },
      { account: 'platform_revenue', creatorId: null, amountPaise: -5000 },
    ]);

    const audit = await t.database.db.selectFrom('auditLog').selectAll().where('subjectId', '=', creator.id).execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorEmail: TEST_ADMIN.email,
        action: 'wallet.adjust',
        reason,
        createdAt: t.clock.now(),
      }),
    ]);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ walletBalancePaise: 0 });
    expect(JSON.parse(audit[0]!.after!)).toEqual({
      walletBalancePaise: 5000,
      transactionId: body.transactionId,
      amountPaise: 5000,
    });

    // The dashboard shows the balance; earnings count sales only.
    const studio = await getAs(t.app, '/api/studio/contents', creator.cookie);
    expect(studio.json<StudioContents>().summary).toMatchObject({ walletBalancePaise: 5000, earningsPaise: 0 });
  });

  it('a debit within the balance takes it back; one larger than the balance is refused with 409 and changes nothing', async () => {
    const { creator } = await paidOrder(t);
    expect(await walletOf(t.database, creator.id)).toBe(14_155);
    const taken = await adjust(admin, { creatorId: creator.id, amountPaise: -4155, reason: 'Chargeback on a sale' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().balancePaise).toBe(10_000);

    const before = await moneySnapshot(t.database);
    const tooMuch = await adjust(admin, { creatorId: creator.id, amountPaise: -10_001, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toEqual({
      code: 'CONFLICT',
      message: 'The wallet holds ₹100, so it cannot be reduced by ₹100.01.',
    });
    expect(await moneySnapshot(t.database)).toEqual(before);

    const exact = await adjust(admin, { creatorId: creator.id, amountPaise: -10_000, reason: 'Close the wallet' });
    expect(exact.statusCode).toBe(200);
    expect(await walletOf(t.database, creator.id)).toBe(0);
  });

  it('two debits at once cannot take the wallet below zero', async () => {
    const creator = await newCreator();
    await adjust(admin, { creatorId: creator.id, amountPaise: 1000, reason: 'Starting balance' });
    const responses = await Promise.all(
      [1, 2, 3].map(() => adjust(admin, { creatorId: creator.id, amountPaise: -600, reason: 'Racing debit' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await walletOf(t.database, creator.id)).toBe(400);
  });

  it('the audit row and the answer carry the balance the adjustment really moved, even when a sale lands meanwhile', async () => {
    const creator = await newCreator();
    // A settlement of ₹7 that has moved the wallet but not yet committed when the admin acts.
    let moved!: () => void;
    const saleMoved = new Promise<void>((resolve) => (moved = resolve));
    let commit!: () => void;
    const commitSale = new Promise<void>((resolve) => (commit = resolve));
    const sale = t.database.db.transaction().execute(async (trx) => {
      await createLedger(trx).post({
        subject: { kind: 'adjustment' },
        creatorId: creator.id,
        memo: 'A sale landing while the admin adjusts',
        createdBy: null,
        at: t.clock.now(),
        lines: [
          { account: 'creator_wallet', creatorId: creator.id, amountPaise: 700 },
          { account: 'platform_revenue', creatorId: null, amountPaise: -700 },
        ],
      });
      moved();
      await commitSale;
    });
    await saleMoved;

    const reason = 'Goodwill credit for a broken upload';
    const adjusting = adjust(admin, { creatorId: creator.id, amountPaise: 5000, reason });
    if (t.database.engine === 'postgres') {
      // Wait until the adjustment has read what it reads and queues behind the sale's row lock.
      for (let tries = 0; ; tries += 1) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%update "creators" set "wallet_balance_paise"%'`.execute(
          t.database.db,
        );
        if (Number(rows[0]?.n) > 0) break;
        if (tries > 200) throw new Error('the adjustment never waited for the sale');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    commit();
    await sale;
    const response = await adjusting;

    expect(response.statusCode).toBe(200);
    expect(response.json<{ balancePaise: number }>().balancePaise).toBe(5700);
    expect(await createLedger(t.database.db).balanceOf('creator_wallet', creator.id)).toBe(5700);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('action', '=', 'wallet.adjust')
      .where('subjectId', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before ?? 'null')).toEqual({ walletBalancePaise: 700 });
    expect(JSON.parse(audit.after ?? 'null')).toMatchObject({ walletBalancePaise: 5700, amountPaise: 5000 });
  });

  it('answers 404 for an id that is not a creator’s, and changes nothing', async () => {
    const fan = await newFan(t.app);
    const before = await moneySnapshot(t.database);
    for (const creatorId of [fan.id, 'no-such-creator']) {
      const response = await adjust(admin, { creatorId, amountPaise: 500, reason: 'Who is this' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'There is no creator with that id.' });
    }
    expect(await moneySnapshot(t.database)).toEqual(before);
  });

  it.each([
    ['a zero amount', { amountPaise: 0 }, { amountPaise: 'The amount cannot be zero.' }],
    ['a fraction of a paisa', { amountPaise: 150.5 }, { amountPaise: 'The amount must be a whole number of paise.' }],
    ['an amount as a string', { amountPaise: '5000' }, { amountPaise: 'The amount must be a whole number of paise.' }],
    ['an absurd amount', { amountPaise: 100_000_000_01 }, { amountPaise: 'The amount is too large.' }],
    ['no amount', { amountPaise: undefined }, { amountPaise: 'The amount must be a whole number of paise.' }],
    ['no reason', { reason: undefined }, { reason: 'Please give a reason.' }],
    ['a blank reason', { reason: '   ' }, { reason: 'Please give a reason.' }],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }, { reason: expect.stringMatching(/500/) }],
    ['no creator', { creatorId: undefined }, { creatorId: 'Please say which creator.' }],
  ])('refuses %s with 400 and the field’s message, changing nothing', async (_name, change, fields) => {
    const creator = await newCreator();
    const payload = { creatorId: creator.id, amountPaise: 5000, reason: 'A fine reason', ...change };
    const before = await moneySnapshot(t.database);
    const response = await adjust(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await moneySnapshot(t.database)).toEqual(before);
  });
});
