import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { BalanceRefused, createLedger, type LedgerLine } from '../src/features/ledger/index.js';
import { type CreatorWithItem, insertCreatorWithItem } from './money-fixtures.js';
import { expectLedgerHoldsIn } from './payments-helpers.js';
import { createMigratedTestDatabase } from './test-app.js';

/**
 * What post() refuses, and that a refusal writes nothing: not the lines, not a balance the same
 * posting moved before the one it refused (the caller's transaction rolls back whole).
 */
const AT = Date.UTC(2026, 10, 26, 6, 0);

let handle: { database: DatabaseHandle; close: () => Promise<void> };
let meera: CreatorWithItem;
let kabir: CreatorWithItem;
beforeAll(async () => {
  handle = await createMigratedTestDatabase();
  meera = await insertCreatorWithItem(handle.database, 'Meera', AT);
  kabir = await insertCreatorWithItem(handle.database, 'Kabir', AT);
  // Meera starts with ₹50 from an adjustment, through the ledger like every balance.
  await createLedger(handle.database.db).post(adjustment(meera.id, 5000));
});
afterAll(() => handle.close());

function adjustment(creatorId: string, amountPaise: number, extra: LedgerLine[] = []) {
  return {
    subject: { kind: 'adjustment' as const },
    creatorId,
    memo: 'test',
    createdBy: null,
    at: AT,
    lines: [
      { account: 'creator_wallet' as const, creatorId, amountPaise },
      { account: 'platform_revenue' as const, creatorId: null, amountPaise: -amountPaise },
      ...extra,
    ],
  };
}

async function snapshot() {
  const { db } = handle.database;
  return {
    transactions: (await db.selectFrom('ledgerTransactions').select('id').execute()).length,
    entries: (await db.selectFrom('ledgerEntries').select('id').execute()).length,
    wallets: await db.selectFrom('creators').select(['userId', 'walletBalancePaise']).orderBy('userId').execute(),
  };
}

/** Posts inside a transaction, as every caller does; answers what it threw. */
async function postInTransaction(posting: ReturnType<typeof adjustment>): Promise<unknown> {
  const ledger = createLedger(handle.database.db);
  try {
    await handle.database.db.transaction().execute((trx) => ledger.within(trx).post(posting));
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('ledger.post refuses', () => {
  it('lines that do not sum to zero, a single line, fractions of a paisa, and a creator on the wrong account', async () => {
    const before = await snapshot();
    const unbalanced = adjustment(meera.id, 100);
    unbalanced.lines[1] = { account: 'platform_revenue', creatorId: null, amountPaise: -99 };
    const single = {
      ...adjustment(meera.id, 0),
      lines: [{ account: 'platform_revenue' as const, creatorId: null, amountPaise: 0 }],
    };
    const fraction = adjustment(meera.id, 0.5);
    const walletWithoutCreator = adjustment(meera.id, 100);
    walletWithoutCreator.lines[0] = {
      account: 'creator_wallet',
      creatorId: null,
      amountPaise: 100,
    };
    const revenueWithCreator = adjustment(meera.id, 100);
    revenueWithCreator.lines[1] = {
      account: 'platform_revenue',
      creatorId: meera.id,
      amountPaise: -100,
    };
    for (const [posting, message] of [
      [unbalanced, /unbalanced/],
      [single, /unbalanced/],
      [fraction, /not paise/],
      [walletWithoutCreator, /creator_wallet needs creator/],
      [revenueWithCreator, /platform_revenue takes no creator/],
    ] as const) {
      expect(String(await postInTransaction(posting))).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a debit below zero, undoing what the same posting had moved before it', async () => {
    const before = await snapshot();
    // Kabir is credited ₹10 first, then Meera (₹50) debited ₹60: the whole posting goes.
    const posting = adjustment(kabir.id, 1000, [
      { account: 'creator_wallet', creatorId: meera.id, amountPaise: -6000 },
      { account: 'platform_revenue', creatorId: null, amountPaise: 6000 },
    ]);
    const error = await postInTransaction(posting);
    expect(error).toBeInstanceOf(BalanceRefused);
    expect(error).toMatchObject({ account: 'creator_wallet', creatorId: meera.id });
    expect(await snapshot()).toEqual(before);
    await expectLedgerHoldsIn(handle.database);
  });

  it('a creator who does not exist, and the same event posted twice', async () => {
    const before = await snapshot();
    expect(await postInTransaction(adjustment('no-such-creator', 100))).toBeInstanceOf(BalanceRefused);
    expect(await snapshot()).toEqual(before);

    const { db } = handle.database;
    await db
      .insertInto('withdrawals')
      .values({
        id: 'wd_twice',
        creatorId: meera.id,
        amountPaise: 1000,
        upiId: 'meera@okaxis',
        status: 'REQUESTED',
        paymentReference: null,
        rejectionReason: null,
        resolvedBy: null,
        requestedAt: AT,
        resolvedAt: null,
      })
      .execute();
    const withdrawal = {
      subject: { kind: 'withdrawal' as const, withdrawalId: 'wd_twice' },
      creatorId: meera.id,
      memo: 'twice',
      createdBy: meera.id,
      at: AT,
      lines: [
        { account: 'creator_wallet' as const, creatorId: meera.id, amountPaise: -1000 },
        { account: 'payouts_in_transit' as const, creatorId: null, amountPaise: 1000 },
      ],
    };
    await db.transaction().execute((trx) => createLedger(db).within(trx).post(withdrawal));
    const once = await snapshot();
    expect(String(await postInTransaction(withdrawal as unknown as ReturnType<typeof adjustment>))).toMatch(
      /unique|duplicate/i,
    );
    expect(await snapshot()).toEqual(once);
    await expectLedgerHoldsIn(handle.database);
  });
});
