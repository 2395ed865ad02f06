import type { AdminWithdrawal } from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from './accounts-helpers.js';
import { adminCookie, getAs } from './content-helpers.js';
import { expectLedgerHolds, newFan, walletOf } from './payments-helpers.js';
import { buildTestApp, MANUAL_PAYOUTS, TEST_ADMIN, type TestApp } from './test-app.js';
import {
  adminPost,
  earningCreator,
  inTransitPaise,
  mailsTo,
  markPaid,
  reject,
  wallet,
  withdraw,
  withdrawalSnapshot,
} from './withdrawals-helpers.js';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp(MANUAL_PAYOUTS);
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

const MESSAGES = {
  notFound: 'There is no withdrawal with that id.',
  alreadyPaid: 'This withdrawal is already marked as paid.',
  rejectedCannotPay: 'This withdrawal was rejected, so it cannot be marked as paid.',
  alreadyRejected: 'This withdrawal was already rejected.',
  paidCannotReject: 'This withdrawal is already paid, so it cannot be rejected.',
};

/** A creator who earned through a real sale and asked for all of it. */
async function requested(upi = '9876543210@ybl') {
  const cast = await earningCreator(t);
  t.clock.advance(1000);
  const { withdrawal } = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, upi);
  t.clock.advance(1000);
  return { ...cast, withdrawal };
}

async function transactionsOf(withdrawalId: string) {
  return t.database.db
    .selectFrom('ledgerTransactions')
    .select(['id', 'kind', 'reference', 'createdBy'])
    .where('reference', 'like', `%:${withdrawalId}`)
    .orderBy('createdAt')
    .orderBy('kind')
    .execute();
}

async function auditOf(withdrawalId: string) {
  return t.database.db.selectFrom('auditLog').selectAll().where('subjectId', '=', withdrawalId).execute();
}

function listWithdrawals(cookie: string | undefined, headers: Record<string, string> = {}) {
  return getAs(t.app, '/api/admin/withdrawals', cookie, headers);
}

describe('admin withdrawal routes: the session decides, never x-admin-email', () => {
  it('anonymous with the header → 401; a fan or a creator with it → 403; nothing changes', async () => {
    const { creator, withdrawal } = await requested();
    const fan = await newFan(t.app);
    const forged = { 'x-admin-email': TEST_ADMIN.email };
    const before = await withdrawalSnapshot(t);

    const anonymousList = await listWithdrawals(undefined, forged);
    expect(anonymousList.statusCode).toBe(401);
    expect(errorOf(anonymousList).code).toBe('UNAUTHENTICATED');
    for (const action of ['payment-done', 'reject'] as const) {
      const response = await adminPost(t.app, undefined, action, { id: withdrawal.id, reason: 'Forged' }, forged);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
    for (const cookie of [fan.cookie, creator.cookie]) {
      const list = await listWithdrawals(cookie, forged);
      expect(list.statusCode).toBe(403);
      expect(errorOf(list)).toEqual({ code: 'FORBIDDEN', message: 'Only the Kholo admin can do this.' });
      for (const action of ['payment-done', 'reject'] as const) {
        const response = await adminPost(t.app, cookie, action, { id: withdrawal.id, reason: 'Forged' }, forged);
        expect(response.statusCode).toBe(403);
        expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: 'Only the Kholo admin can do this.' });
      }
    }
    // A page on another site cannot make the admin's browser press the button.
    const crossSite = await adminPost(
      t.app,
      admin,
      'payment-done',
      { id: withdrawal.id },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);

    expect(await withdrawalSnapshot(t)).toEqual(before);
    expect((await wallet(t.app, creator.cookie)).history[0]).toMatchObject({
      kind: 'withdrawal',
      withdrawal: { status: 'REQUESTED' },
    });
  });

  it('the admin with the header is still just the admin', async () => {
    const { withdrawal } = await requested();
    const response = await adminPost(
      t.app,
      admin,
      'payment-done',
      { id: withdrawal.id },
      { 'x-admin-email': 'someone-else@example.com' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminWithdrawal>().resolvedByEmail).toBe(TEST_ADMIN.email);
  });
});

describe('GET /api/admin/withdrawals', () => {
  it('lists withdrawals newest first with the creator and who resolved each', async () => {
    const older = await requested('older@ybl');
    const newer = await requested('newer@ybl');
    await markPaid(t.app, admin, older.withdrawal.id, 'UTR 4211');

    const response = await listWithdrawals(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = response.json<{ items: AdminWithdrawal[] }>();
    const times = items.map((item) => item.requestedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const mine = items.filter((item) => [older.withdrawal.id, newer.withdrawal.id].includes(item.id));
    expect(mine).toEqual([
      {
        ...newer.withdrawal,
        creatorId: newer.creator.id,
        creatorName: 'Meera Rathore',
        creatorHandle: newer.creator.handle,
        creatorEmail: newer.creator.email,
        resolvedByEmail: null,
      },
      {
        ...older.withdrawal,
        status: 'PAID',
        resolvedAt: t.clock.now(),
        paymentReference: 'UTR 4211',
        creatorId: older.creator.id,
        creatorName: 'Meera Rathore',
        creatorHandle: older.creator.handle,
        creatorEmail: older.creator.email,
        resolvedByEmail: TEST_ADMIN.email,
      },
    ]);
  });
});

describe('POST /api/admin/withdrawals/payment-done', () => {
  it('once: 200 PAID, the hold leaves payouts in transit against clearing, audited, emailed', async () => {
    const { creator, withdrawal, balancePaise } = await requested();
    expect(await inTransitPaise(t.database, withdrawal.id)).toBe(balancePaise);

    const response = await adminPost(t.app, admin, 'payment-done', { id: withdrawal.id, reference: ' UTR 61234 ' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const paid = response.json<AdminWithdrawal>();
    expect(paid).toMatchObject({
      id: withdrawal.id,
      status: 'PAID',
      resolvedAt: t.clock.now(),
      paymentReference: 'UTR 61234',
      rejectionReason: null,
      resolvedByEmail: TEST_ADMIN.email,
    });
    expect(await inTransitPaise(t.database, withdrawal.id)).toBe(0);
    expect(await walletOf(t.database, creator.id)).toBe(0);

    const transactions = await transactionsOf(withdrawal.id);
    expect(transactions.map((one) => [one.kind, one.reference])).toEqual([
      ['withdrawal', `withdrawal:${withdrawal.id}`],
      ['withdrawal_paid', `withdrawal_paid:${withdrawal.id}`],
    ]);
    const paidTransaction = transactions[1]!;
    expect(paidTransaction.createdBy).toBe(adminId);
    const entries = await t.database.db
      .selectFrom('ledgerEntries')
      .select(['account', 'creatorId', 'amountPaise'])
      .where('transactionId', '=', paidTransaction.id)
      .orderBy('account')
      .execute();
    expect(entries).toEqual([
      { account: 'fan_payments_clearing', creatorId: null, amountPaise: balancePaise },
      { account: 'payouts_in_transit', creatorId: null, amountPaise: -balancePaise },
    ]);

    const audit = await auditOf(withdrawal.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, actorEmail: TEST_ADMIN.email, action: 'withdrawal.mark_paid' });
    expect(JSON.parse(audit[0]!.before!)).toEqual({ status: 'REQUESTED' });
    expect(JSON.parse(audit[0]!.after!)).toEqual({
      status: 'PAID',
      paymentReference: 'UTR 61234',
      transactionId: paidTransaction.id,
    });

    const mails = await mailsTo(t, creator.email, 'Withdrawal paid');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/We paid ₹1,424\.05 to [A-Z ]+ \(9876543210@ybl\)\./);
    expect(mails[0]!.text).toContain('Payment reference: UTR 61234');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/?tab=wallet`);

    // The creator's wallet shows it paid.
    const seen = await wallet(t.app, creator.cookie);
    expect(seen.pendingWithdrawalPaise).toBe(0);
    expect(seen.history[0]).toMatchObject({
      kind: 'withdrawal',
      withdrawal: { id: withdrawal.id, status: 'PAID', paymentReference: 'UTR 61234', resolvedAt: t.clock.now() },
    });
  });

  it('twice: the second answers 409 and changes nothing', async () => {
    const { creator, withdrawal } = await requested();
    await markPaid(t.app, admin, withdrawal.id);
    const before = await withdrawalSnapshot(t);
    const again = await adminPost(t.app, admin, 'payment-done', { id: withdrawal.id, reference: 'Another' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'CONFLICT', message: MESSAGES.alreadyPaid });
    expect(await withdrawalSnapshot(t)).toEqual(before);
    expect(await mailsTo(t, creator.email, 'Withdrawal paid')).toHaveLength(1);
    const mail = (await mailsTo(t, creator.email, 'Withdrawal paid'))[0]!;
    expect(mail.text).not.toContain('Payment reference');
  });

  it('twenty at once: one 200, nineteen 409, one audit row, one posting, one email', async () => {
    const { creator, withdrawal } = await requested();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adminPost(t.app, admin, 'payment-done', { id: withdrawal.id, reference: `UTR ${i}` }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const response of responses.filter((one) => one.statusCode === 409)) {
      expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: MESSAGES.alreadyPaid });
    }
    const winner = responses.find((one) => one.statusCode === 200)!.json<AdminWithdrawal>();
    const row = await t.database.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PAID', paymentReference: winner.paymentReference, resolvedBy: adminId });
    expect(await auditOf(withdrawal.id)).toHaveLength(1);
    expect((await transactionsOf(withdrawal.id)).filter((one) => one.kind === 'withdrawal_paid')).toHaveLength(1);
    expect(await mailsTo(t, creator.email, 'Withdrawal paid')).toHaveLength(1);
    expect(await inTransitPaise(t.database, withdrawal.id)).toBe(0);
  });

  it('an unknown id → 404; a missing id or an overlong reference → 400 with its own message', async () => {
    const before = await withdrawalSnapshot(t);
    const unknown = await adminPost(t.app, admin, 'payment-done', { id: 'wd_doesNotExist000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: 'NOT_FOUND', message: MESSAGES.notFound });
    const missing = await adminPost(t.app, admin, 'payment-done', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('Please say which withdrawal.');
    const { withdrawal } = await requested();
    const beforeLong = await withdrawalSnapshot(t);
    const long = await adminPost(t.app, admin, 'payment-done', { id: withdrawal.id, reference: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toBe('Please keep the reference under 100 characters.');
    expect(await withdrawalSnapshot(t)).toEqual(beforeLong);
    expect(before.withdrawals.length + 1).toBe(beforeLong.withdrawals.length);
  });
});

describe('POST /api/admin/withdrawals/reject', () => {
  it('puts the money back in the wallet by a reversing entry, stores the reason, audits and emails', async () => {
    const { creator, withdrawal, balancePaise } = await requested();
    const reason = 'The UPI ID belongs to someone else';
    const response = await adminPost(t.app, admin, 'reject', { id: withdrawal.id, reason: ` ${reason} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminWithdrawal>()).toMatchObject({
      id: withdrawal.id,
      status: 'REJECTED',
      rejectionReason: reason,
      paymentReference: null,
      resolvedAt: t.clock.now(),
      resolvedByEmail: TEST_ADMIN.email,
    });
    expect(await walletOf(t.database, creator.id)).toBe(balancePaise);
    expect(await inTransitPaise(t.database, withdrawal.id)).toBe(0);

    const transactions = await transactionsOf(withdrawal.id);
    expect(transactions.map((one) => one.kind)).toEqual(['withdrawal', 'withdrawal_reversal']);
    const entries = await t.database.db
      .selectFrom('ledgerEntries')
      .select(['account', 'creatorId', 'amountPaise'])
      .where('transactionId', '=', transactions[1]!.id)
      .orderBy('account')
      .execute();
    expect(entries).toEqual([
      { account: 'creator_wallet', creatorId: creator.id, amountPaise: balancePaise },
      { account: 'payouts_in_transit', creatorId: null, amountPaise: -balancePaise },
    ]);

    const audit = await auditOf(withdrawal.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'withdrawal.reject', reason, actorEmail: TEST_ADMIN.email });
    expect(JSON.parse(audit[0]!.before!)).toEqual({ status: 'REQUESTED' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ status: 'REJECTED', rejectionReason: reason });

    const mails = await mailsTo(t, creator.email, 'Withdrawal not paid');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('₹1,424.05 is back in your Kholo wallet');
    expect(mails[0]!.text).toContain(`Reason: ${reason}`);

    const seen = await wallet(t.app, creator.cookie);
    expect(seen.balancePaise).toBe(balancePaise);
    expect(seen.pendingWithdrawalPaise).toBe(0);
    expect(seen.history.slice(0, 2)).toMatchObject([
      { kind: 'withdrawal_reversal', amountPaise: balancePaise, withdrawalId: withdrawal.id, reason },
      { kind: 'withdrawal', withdrawal: { status: 'REJECTED', rejectionReason: reason } },
    ]);

    // And she can ask again.
    const again = await withdraw(t.app, creator.cookie, balancePaise, 'asha@oksbi');
    expect(again.withdrawal.status).toBe('REQUESTED');
  });

  it('refuses what is already decided: reject twice, reject after paid, paid after reject', async () => {
    const paid = await requested();
    await markPaid(t.app, admin, paid.withdrawal.id);
    const rejected = await requested();
    await reject(t.app, admin, rejected.withdrawal.id);
    const before = await withdrawalSnapshot(t);

    const cases = [
      { action: 'reject', id: rejected.withdrawal.id, message: MESSAGES.alreadyRejected },
      { action: 'reject', id: paid.withdrawal.id, message: MESSAGES.paidCannotReject },
      { action: 'payment-done', id: rejected.withdrawal.id, message: MESSAGES.rejectedCannotPay },
      { action: 'payment-done', id: paid.withdrawal.id, message: MESSAGES.alreadyPaid },
    ] as const;
    for (const { action, id, message } of cases) {
      const response = await adminPost(t.app, admin, action, { id, reason: 'Changed my mind' });
      expect({ action, status: response.statusCode }).toEqual({ action, status: 409 });
      expect(errorOf(response)).toEqual({ code: 'CONFLICT', message });
    }
    const unknown = await adminPost(t.app, admin, 'reject', { id: 'wd_nope', reason: 'No such thing' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: 'NOT_FOUND', message: MESSAGES.notFound });
    expect(await withdrawalSnapshot(t)).toEqual(before);
    expect(await walletOf(t.database, rejected.creator.id)).toBe(rejected.balancePaise);
    expect(await walletOf(t.database, paid.creator.id)).toBe(0);
  });

  it('needs a reason', async () => {
    const { withdrawal } = await requested();
    const before = await withdrawalSnapshot(t);
    for (const reason of [undefined, '', '  ', 'no']) {
      const response = await adminPost(t.app, admin, 'reject', { id: withdrawal.id, reason });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please give a reason.' });
    }
    const long = await adminPost(t.app, admin, 'reject', { id: withdrawal.id, reason: 'x'.repeat(501) });
    expect(errorOf(long).message).toBe('Please keep the reason under 500 characters.');
    expect(await withdrawalSnapshot(t)).toEqual(before);
  });

  it('mark paid and reject racing: exactly one wins, and the books agree with the winner', async () => {
    const { creator, withdrawal, balancePaise } = await requested();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? adminPost(t.app, admin, 'payment-done', { id: withdrawal.id })
          : adminPost(t.app, admin, 'reject', { id: withdrawal.id, reason: 'Racing the other button' }),
      ),
    );
    const winners = responses.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
    const status = winners[0]!.json<AdminWithdrawal>().status;
    const row = await t.database.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(status);
    expect(await walletOf(t.database, creator.id)).toBe(status === 'REJECTED' ? balancePaise : 0);
    expect((await transactionsOf(withdrawal.id)).map((one) => one.kind).sort()).toEqual(
      ['withdrawal', status === 'PAID' ? 'withdrawal_paid' : 'withdrawal_reversal'].sort(),
    );
    expect(await auditOf(withdrawal.id)).toHaveLength(1);
    expect(
      (await mailsTo(t, creator.email, 'Withdrawal paid')).length +
        (await mailsTo(t, creator.email, 'Withdrawal not paid')).length,
    ).toBe(1);
  });
});

describe('the ledger check', () => {
  it('notices payouts in transit that no REQUESTED withdrawal accounts for', async () => {
    const { withdrawal, balancePaise } = await requested();
    const held = await inTransitPaise(t.database);
    // A bug that flips the status without posting the payment, written here by hand.
    await t.database.db
      .updateTable('withdrawals')
      .set({ status: 'PAID', resolvedAt: t.clock.now() })
      .where('id', '=', withdrawal.id)
      .execute();
    try {
      const report = await t.app.payments.checkLedger();
      expect(report.inTransitMismatch).toEqual({ inTransitPaise: held, requestedPaise: held - balancePaise });
    } finally {
      await t.database.db
        .updateTable('withdrawals')
        .set({ status: 'REQUESTED', resolvedAt: null })
        .where('id', '=', withdrawal.id)
        .execute();
    }
    expect((await t.app.payments.checkLedger()).inTransitMismatch).toBeNull();
  });
});
