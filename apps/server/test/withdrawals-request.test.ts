import { formatPaise, type WalletResponse, type WithdrawResponse } from '@kholo/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/features/ledger/index.js';
import { errorOf, freshIp, signUp } from './accounts-helpers.js';
import { adminCookie } from './content-helpers.js';
import { expectLedgerHolds, newFan, walletOf } from './payments-helpers.js';
import { buildTestApp, MANUAL_PAYOUTS, type TestApp } from './test-app.js';
import {
  CREDIT_PAISE,
  earningCreator,
  getWallet,
  inTransitPaise,
  mailsTo,
  postWithdraw,
  PRICE_PAISE,
  reject,
  rupees,
  secondSession,
  wallet,
  withdraw,
  withdrawalSnapshot,
} from './withdrawals-helpers.js';

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

const UPI = '9876543210@ybl';
const NUMBER_MESSAGE = 'The amount must be a number of rupees.';
const DECIMALS_MESSAGE = 'The amount must be rupees with at most two decimals.';
const MINIMUM = 'Minimum withdrawal amount is ₹500';
const INVALID_UPI = 'Please enter a valid UPI ID.';

describe('POST /api/withdraw: the happy path', () => {
  it('takes the whole balance into a REQUESTED withdrawal, posts the hold and emails the creator', async () => {
    const { creator, item, order, balancePaise } = await earningCreator(t);
    expect(balancePaise).toBe(CREDIT_PAISE);
    t.clock.advance(60_000);

    const response = await postWithdraw(t.app, creator.cookie, {
      creator: creator.email,
      amount: rupees(balancePaise),
      upi: '  Asha.Verma@OKHDFCBANK ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<WithdrawResponse>();
    expect(body).toEqual({
      balancePaise: 0,
      withdrawal: {
        id: expect.stringMatching(/^wd_[A-Za-z0-9]{24}$/),
        amountPaise: CREDIT_PAISE,
        upiId: 'asha.verma@okhdfcbank',
        // The simulated bank's name for this UPI ID, checked before anything was held.
        payeeName: 'ASHA VERMA',
        status: 'REQUESTED',
        requestedAt: t.clock.now(),
        reviewReasons: [],
        approvedAt: null,
        sentAt: null,
        resolvedAt: null,
        reversedAt: null,
        paymentReference: null,
        rejectionReason: null,
        waitingForFunds: false,
      },
    });
    const { id } = body.withdrawal;
    expect(await walletOf(t.database, creator.id)).toBe(0);
    expect(await inTransitPaise(t.database, id)).toBe(CREDIT_PAISE);

    const transaction = await t.database.db
      .selectFrom('ledgerTransactions')
      .selectAll()
      .where('reference', '=', `withdrawal:${id}`)
      .executeTakeFirstOrThrow();
    expect(transaction).toMatchObject({ kind: 'withdrawal', creatorId: creator.id, createdBy: creator.id });
    const entries = await t.database.db
      .selectFrom('ledgerEntries')
      .select(['account', 'creatorId', 'amountPaise'])
      .where('transactionId', '=', transaction.id)
      .orderBy('account')
      .execute();
    expect(entries).toEqual([
      { account: 'creator_wallet', creatorId: creator.id, amountPaise: -CREDIT_PAISE },
      { account: 'payouts_in_transit', creatorId: null, amountPaise: CREDIT_PAISE },
    ]);

    const seen = await wallet(t.app, creator.cookie);
    expect(seen.balancePaise).toBe(0);
    expect(seen.pendingWithdrawalPaise).toBe(CREDIT_PAISE);
    expect(seen.hasMore).toBe(false);
    expect(seen.history).toEqual([
      {
        kind: 'withdrawal',
        id: expect.any(String),
        at: t.clock.now(),
        amountPaise: -CREDIT_PAISE,
        withdrawal: body.withdrawal,
      },
      {
        kind: 'sale',
        id: expect.any(String),
        at: t.clock.now() - 60_000,
        amountPaise: CREDIT_PAISE,
        orderId: order.order_id,
        contentId: item.id,
        contentTitle: 'Monsoon in Kochi',
        pricePaise: PRICE_PAISE,
        feePaise: PRICE_PAISE - CREDIT_PAISE,
        recoveredPaise: 0,
        refundable: true,
        refundedAt: null,
      },
    ]);

    const mails = await mailsTo(t, creator.email, 'Withdrawal requested');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Withdrawal requested: ₹1,424.05 to asha.verma@okhdfcbank');
    expect(mails[0]!.text).toContain('we will pay it to your UPI ID asha.verma@okhdfcbank');
    expect(mails[0]!.text).toContain('Amount: ₹1,424.05');
    expect(mails[0]!.text).toContain(`Withdrawal ID: ${id}`);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/?tab=wallet`);

    // Nothing left: the next request is told so.
    const again = await postWithdraw(t.app, creator.cookie, { amount: rupees(CREDIT_PAISE), upi: UPI });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'CONFLICT', message: 'No balance to withdraw' });
  });

  it('a failing mail server neither fails nor undoes the withdrawal', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = () => Promise.reject(new Error('SMTP is down'));
    try {
      const response = await postWithdraw(t.app, creator.cookie, { amount: rupees(balancePaise), upi: UPI });
      expect(response.statusCode).toBe(201);
    } finally {
      t.mailer.send = send;
    }
    expect(await walletOf(t.database, creator.id)).toBe(0);
    expect((await wallet(t.app, creator.cookie)).pendingWithdrawalPaise).toBe(balancePaise);
  });

  it('a suspended creator may still withdraw what she earned', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    await t.database.db
      .updateTable('creators')
      .set({ suspendedAt: t.clock.now(), suspendedReason: 'Uploads broke the Terms' })
      .where('userId', '=', creator.id)
      .execute();
    const response = await postWithdraw(t.app, creator.cookie, { amount: rupees(balancePaise), upi: UPI });
    expect(response.statusCode).toBe(201);
    expect(await walletOf(t.database, creator.id)).toBe(0);
  });
});

describe('POST /api/withdraw: twenty at once from two sessions', () => {
  it('exactly one succeeds, the rest get 409, the balance never goes below zero', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const other = await secondSession(t.app, creator.email);
    const mailsBefore = (await mailsTo(t, creator.email, 'Withdrawal requested')).length;

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postWithdraw(t.app, i % 2 === 0 ? creator.cookie : other, {
          amount: rupees(balancePaise),
          upi: i % 2 === 0 ? UPI : 'asha@oksbi',
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const response of responses.filter((one) => one.statusCode === 409)) {
      expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: 'No balance to withdraw' });
    }

    expect(await walletOf(t.database, creator.id)).toBe(0);
    const rows = await t.database.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('creatorId', '=', creator.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: balancePaise, status: 'REQUESTED' });
    const holds = await t.database.db
      .selectFrom('ledgerTransactions')
      .select('id')
      .where('creatorId', '=', creator.id)
      .where('kind', '=', 'withdrawal')
      .execute();
    expect(holds).toHaveLength(1);
    expect(await mailsTo(t, creator.email, 'Withdrawal requested')).toHaveLength(mailsBefore + 1);
  });
});

describe('POST /api/withdraw: the amount', () => {
  let creator: Awaited<ReturnType<typeof earningCreator>>['creator'];
  let balancePaise: number;
  beforeAll(async () => {
    ({ creator, balancePaise } = await earningCreator(t));
  });

  /** `message: null`: zod's own text for a body that is not an object; only the code matters. */
  const cases: { name: string; body: unknown; status: number; message: string | null; field?: string }[] = [
    { name: '₹499.99', body: { amount: 499.99, upi: UPI }, status: 400, message: MINIMUM },
    { name: '0', body: { amount: 0, upi: UPI }, status: 400, message: MINIMUM },
    { name: '-1', body: { amount: -1, upi: UPI }, status: 400, message: MINIMUM },
    { name: '-500', body: { amount: -500, upi: UPI }, status: 400, message: MINIMUM },
    { name: '"NaN" (a string)', body: { amount: 'NaN', upi: UPI }, status: 400, message: NUMBER_MESSAGE },
    {
      name: '1e309 (Infinity once parsed)',
      body: `{"amount":1e309,"upi":"${UPI}"}`,
      status: 400,
      message: NUMBER_MESSAGE,
    },
    { name: '-1e309', body: `{"amount":-1e309,"upi":"${UPI}"}`, status: 400, message: NUMBER_MESSAGE },
    { name: '1e20', body: { amount: 1e20, upi: UPI }, status: 400, message: 'The amount is too large.' },
    {
      name: 'a null creator',
      body: { creator: null, amount: 1424.05, upi: UPI },
      status: 400,
      message: 'The creator must be your email.',
      field: 'creator',
    },
    { name: '"500" (a string)', body: { amount: '500', upi: UPI }, status: 400, message: NUMBER_MESSAGE },
    { name: 'null', body: { amount: null, upi: UPI }, status: 400, message: NUMBER_MESSAGE },
    { name: 'missing', body: { upi: UPI }, status: 400, message: NUMBER_MESSAGE },
    {
      name: '500.001 (a fraction of a paisa)',
      body: { amount: 500.001, upi: UPI },
      status: 400,
      message: DECIMALS_MESSAGE,
    },
    {
      name: 'more than the balance',
      body: { amount: rupees(CREDIT_PAISE + 1), upi: UPI },
      status: 409,
      message: 'Your balance is now ₹1,424.05. A withdrawal takes the whole balance; please try again.',
    },
    {
      name: 'less than the balance',
      body: { amount: 1000, upi: UPI },
      status: 409,
      message: 'Your balance is now ₹1,424.05. A withdrawal takes the whole balance; please try again.',
    },
    {
      name: 'a non-object body',
      body: '[1424.05]',
      status: 400,
      message: null,
    },
  ];

  it.each(cases)('$name → $status "$message", nothing changes', async ({ body, status, message, field }) => {
    const before = await withdrawalSnapshot(t);
    const response = await postWithdraw(t.app, creator.cookie, body);
    expect(response.statusCode).toBe(status);
    const error = errorOf(response);
    expect(error.code).toBe(status === 400 ? 'VALIDATION_FAILED' : 'CONFLICT');
    if (message !== null) expect(error.message).toBe(message);
    if (status === 400 && typeof body === 'object') expect(error.fields).toEqual({ [field ?? 'amount']: message });
    expect(await withdrawalSnapshot(t)).toEqual(before);
    expect(await walletOf(t.database, creator.id)).toBe(balancePaise);
  });

  it('any amount but the balance is refused and changes nothing (property)', async () => {
    const before = await withdrawalSnapshot(t);
    const amount = fc.oneof(
      fc.double({ noNaN: false }),
      fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }).map((paise) => paise / 100),
      fc.integer({ min: CREDIT_PAISE - 500, max: CREDIT_PAISE + 500 }).map((paise) => paise / 100),
      fc.constantFrom(rupees(CREDIT_PAISE) + 0.001, rupees(CREDIT_PAISE) - 0.005, 500, 499.99, 1424.5, 14240.5),
    );
    await fc.assert(
      fc.asyncProperty(
        amount.filter((value) => !(Number.isFinite(value) && Math.round(value * 100) === CREDIT_PAISE)),
        async (value) => {
          const response = await postWithdraw(t.app, creator.cookie, { amount: value, upi: UPI });
          expect([400, 409]).toContain(response.statusCode);
          expect(errorOf(response).message).not.toBe('');
        },
      ),
      { numRuns: 60 },
    );
    expect(await withdrawalSnapshot(t)).toEqual(before);
    expect(await walletOf(t.database, creator.id)).toBe(CREDIT_PAISE);
  });

  it('below ₹500 in the wallet: 409 "Minimum withdrawal amount is ₹500"; an empty wallet: "No balance to withdraw"', async () => {
    const small = await earningCreator(t, 100_00);
    expect(small.balancePaise).toBe(95_00);
    const refused = await postWithdraw(t.app, small.creator.cookie, { amount: 500, upi: UPI });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'CONFLICT', message: MINIMUM });

    const empty = await signUp(t.app, { role: 'creator', name: 'Kavya Iyer' });
    const none = await postWithdraw(t.app, empty.cookie, { amount: 500, upi: UPI });
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toEqual({ code: 'CONFLICT', message: 'No balance to withdraw' });
    expect(await walletOf(t.database, small.creator.id)).toBe(95_00);
  });
});

describe('POST /api/withdraw: the UPI ID', () => {
  const valid: [string, string][] = [
    ['9876543210@ybl', '9876543210@ybl'],
    ['asha.verma@okhdfcbank', 'asha.verma@okhdfcbank'],
    ['a_b-c@oksbi', 'a_b-c@oksbi'],
    ['MIXED@Paytm', 'mixed@paytm'],
    ['user@upi', 'user@upi'],
  ];
  const invalid = [
    '',
    'abc',
    '@ybl',
    'abc@',
    'a@b@c',
    'a b@ybl',
    'abc@ok-hdfc',
    '-abc@ybl',
    'abc.@ybl',
    'a..b@ybl',
    'abc@1bank',
    `${'a'.repeat(97)}@ybl`,
    '<script>@x',
  ];

  it('refuses each malformed ID with "Please enter a valid UPI ID." and changes nothing', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    expect(`${'a'.repeat(97)}@ybl`).toHaveLength(101);
    const before = await withdrawalSnapshot(t);
    for (const upi of [...invalid, undefined, 12345, null]) {
      const response = await postWithdraw(t.app, creator.cookie, { amount: rupees(balancePaise), upi });
      expect({ upi, status: response.statusCode }).toEqual({ upi, status: 400 });
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message: INVALID_UPI,
        fields: { upi: INVALID_UPI },
      });
    }
    expect(await withdrawalSnapshot(t)).toEqual(before);
  });

  it('accepts each well-formed ID and stores it lowercased', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    for (const [typed, stored] of valid) {
      const response = await postWithdraw(t.app, creator.cookie, { amount: rupees(balancePaise), upi: typed });
      expect({ typed, status: response.statusCode }).toEqual({ typed, status: 201 });
      const { withdrawal } = response.json<WithdrawResponse>();
      expect(withdrawal.upiId).toBe(stored);
      const row = await t.database.db
        .selectFrom('withdrawals')
        .select('upiId')
        .where('id', '=', withdrawal.id)
        .executeTakeFirstOrThrow();
      expect(row.upiId).toBe(stored);
      // The admin sends it back, so the next ID can be tried with the same earned balance.
      await reject(t.app, admin, withdrawal.id, 'Testing the next UPI ID');
      expect(await walletOf(t.database, creator.id)).toBe(balancePaise);
    }
  });
});

describe('POST /api/withdraw and GET /api/wallet: whose wallet', () => {
  it('anonymous → 401, a fan → 403, and neither changes anything', async () => {
    const fan = await newFan(t.app);
    const before = await withdrawalSnapshot(t);
    const anonymous = await postWithdraw(t.app, undefined, { amount: 1424.05, upi: UPI });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
    const asFan = await postWithdraw(t.app, fan.cookie, { amount: 1424.05, upi: UPI });
    expect(asFan.statusCode).toBe(403);
    expect(errorOf(asFan)).toEqual({ code: 'FORBIDDEN', message: 'Only creators have a wallet.' });

    expect((await getWallet(t.app, undefined)).statusCode).toBe(401);
    const fanWallet = await getWallet(t.app, fan.cookie);
    expect(fanWallet.statusCode).toBe(403);
    expect(errorOf(fanWallet)).toEqual({ code: 'FORBIDDEN', message: 'Only creators have a wallet.' });
    expect(await withdrawalSnapshot(t)).toEqual(before);
  });

  it("the body's creator must be the session's: another creator's email → 403; her own email in any case or her id → OK", async () => {
    const mine = await earningCreator(t);
    const theirs = await earningCreator(t);
    const before = await withdrawalSnapshot(t);
    for (const creator of [theirs.creator.email, theirs.creator.id, 'someone@example.com']) {
      const response = await postWithdraw(t.app, mine.creator.cookie, {
        creator,
        amount: rupees(mine.balancePaise),
        upi: UPI,
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: 'You can only withdraw from your own wallet.' });
    }
    expect(await withdrawalSnapshot(t)).toEqual(before);

    const ownEmail = await postWithdraw(t.app, mine.creator.cookie, {
      creator: ` ${mine.creator.email.toUpperCase()} `,
      amount: rupees(mine.balancePaise),
      upi: UPI,
    });
    expect(ownEmail.statusCode).toBe(201);
    const ownId = await postWithdraw(t.app, theirs.creator.cookie, {
      creator: theirs.creator.id,
      amount: rupees(theirs.balancePaise),
      upi: UPI,
    });
    expect(ownId.statusCode).toBe(201);
    expect(await walletOf(t.database, mine.creator.id)).toBe(0);
    expect(await walletOf(t.database, theirs.creator.id)).toBe(0);
  });
});

describe('GET /api/wallet: the history', () => {
  it("is the creator's own ledger, newest first, summing to the balance; another creator's withdrawals never show", async () => {
    const { creator, item, balancePaise } = await earningCreator(t);
    const stranger = await earningCreator(t);
    t.clock.advance(1000);
    const first = await withdraw(t.app, creator.cookie, balancePaise);
    await withdraw(t.app, stranger.creator.cookie, stranger.balancePaise);
    t.clock.advance(1000);
    await reject(t.app, admin, first.withdrawal.id, 'The UPI ID does not exist');
    t.clock.advance(1000);
    // The admin's correction, and a sale of an item the creator has since deleted.
    const adjusted = await t.app.inject({
      method: 'POST',
      url: '/api/manual-wallet-update',
      headers: { cookie: admin },
      payload: { creatorId: creator.id, amountPaise: -5_00, reason: 'Duplicate credit taken back' },
    });
    expect(adjusted.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie },
    });
    expect([200, 204]).toContain(deleted.statusCode);

    const response = await getWallet(t.app, creator.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const seen = response.json<WalletResponse>();
    expect(seen.balancePaise).toBe(balancePaise - 5_00);
    expect(seen.pendingWithdrawalPaise).toBe(0);
    expect(seen.history.map((entry) => entry.kind)).toEqual([
      'adjustment',
      'withdrawal_reversal',
      'withdrawal',
      'sale',
    ]);
    expect(seen.history.reduce((sum, entry) => sum + entry.amountPaise, 0)).toBe(seen.balancePaise);
    expect(seen.history[0]).toMatchObject({ amountPaise: -5_00, memo: 'Duplicate credit taken back' });
    expect(seen.history[1]).toMatchObject({
      amountPaise: balancePaise,
      withdrawalId: first.withdrawal.id,
      reason: 'The UPI ID does not exist',
    });
    // The withdrawal line shows its current status, not the one it had when posted.
    expect(seen.history[2]).toMatchObject({
      amountPaise: -balancePaise,
      withdrawal: { id: first.withdrawal.id, status: 'REJECTED', rejectionReason: 'The UPI ID does not exist' },
    });
    expect(seen.history[3]).toMatchObject({ contentId: item.id, contentTitle: 'Monsoon in Kochi' });
    const ids = JSON.stringify(seen);
    const strangers = await t.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('creatorId', '=', stranger.creator.id)
      .execute();
    for (const { id } of strangers) expect(ids).not.toContain(id);
    expect((await wallet(t.app, stranger.creator.cookie)).history.map((entry) => entry.kind)).toEqual([
      'withdrawal',
      'sale',
    ]);
  });

  it('after the reject, the creator can withdraw the restored balance again', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const first = await withdraw(t.app, creator.cookie, balancePaise);
    await reject(t.app, admin, first.withdrawal.id);
    const second = await withdraw(t.app, creator.cookie, balancePaise, 'asha@oksbi');
    expect(second.withdrawal.id).not.toBe(first.withdrawal.id);
    expect((await wallet(t.app, creator.cookie)).pendingWithdrawalPaise).toBe(balancePaise);
  });

  it('lists the latest 100 entries and says there are more', async () => {
    const creator = await signUp(t.app, { role: 'creator', name: 'Ritu Bose' });
    const creatorId = creator.me.account!.id;
    for (let i = 1; i <= 101; i += 1) {
      t.clock.advance(1);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/manual-wallet-update',
        headers: { cookie: admin },
        payload: { creatorId, amountPaise: i, reason: `Credit ${i}` },
      });
      expect(response.statusCode).toBe(200);
    }
    const seen = await wallet(t.app, creator.cookie);
    expect(seen.history).toHaveLength(100);
    expect(seen.hasMore).toBe(true);
    expect(seen.history[0]).toMatchObject({ kind: 'adjustment', amountPaise: 101, memo: 'Credit 101' });
    expect(seen.history[99]).toMatchObject({ amountPaise: 2 });
    expect(seen.balancePaise).toBe((101 * 102) / 2);
  });
});

describe('POST /api/withdraw: rate limit', () => {
  it('refuses the 21st request from one address within 10 minutes', async () => {
    const fan = await newFan(t.app);
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      const response = await postWithdraw(t.app, fan.cookie, { amount: 500, upi: UPI }, { ip });
      expect(response.statusCode).toBe(403);
    }
    const limited = await postWithdraw(t.app, fan.cookie, { amount: 500, upi: UPI }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
  });
});

describe('POST /api/withdraw: a sale settling on the same wallet at the same moment', () => {
  it('a credit that has moved the wallet but not committed makes the withdrawal of the old balance wait, then refuse it', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const before = await withdrawalSnapshot(t);
    // The settlement's part that touches the wallet, held open inside its transaction.
    let moved!: () => void;
    const saleMoved = new Promise<void>((resolve) => (moved = resolve));
    let commit!: () => void;
    const commitSale = new Promise<void>((resolve) => (commit = resolve));
    const sale = t.database.db.transaction().execute(async (trx) => {
      await createLedger(trx).post({
        subject: { kind: 'adjustment' },
        creatorId: creator.id,
        memo: 'A sale settling while the creator withdraws',
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

    const asking = postWithdraw(t.app, creator.cookie, { amount: rupees(balancePaise), upi: UPI });
    if (t.database.engine === 'postgres') {
      // The withdrawal's UPDATE queues behind the sale's row lock (READ COMMITTED re-checks its WHERE).
      for (let tries = 0; ; tries += 1) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%update "creators" set "wallet_balance_paise"%'`.execute(
          t.database.db,
        );
        if (Number(rows[0]?.n) > 0) break;
        if (tries > 200) throw new Error('the withdrawal never waited for the sale');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    commit();
    await sale;
    const response = await asking;

    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'CONFLICT',
      message: `Your balance is now ${formatPaise(balancePaise + 700)}. A withdrawal takes the whole balance; please try again.`,
    });
    expect(await walletOf(t.database, creator.id)).toBe(balancePaise + 700);
    const after = await withdrawalSnapshot(t);
    expect(after.withdrawals).toEqual(before.withdrawals);
    expect(after.emails).toBe(before.emails);
  });
});
