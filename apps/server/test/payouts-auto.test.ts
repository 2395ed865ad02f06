import { Writable } from 'node:stream';
import { PAYOUT_ACCOUNT_MESSAGES, type Withdrawal } from '@kholo/contracts';
import pino from 'pino';
import { signWebhook } from '../src/providers/payments/webhook-signature.js';
import { PayoutGatewayError } from '../src/providers/payouts/payout-gateway.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf } from './accounts-helpers.js';
import { adminCookie } from './content-helpers.js';
import { expectLedgerHolds, newFan, walletOf } from './payments-helpers.js';
import {
  adminApprove,
  anotherSale,
  approve,
  HER_UPI,
  LEGAL_NAME,
  letPayoutsRun,
  PAN,
  payoutsSimulatorOf,
  postCancel,
  putPayoutAccount,
  savePayoutAccount,
  setPayoutControls,
  withdrawalRow,
} from './payouts-helpers.js';
import { buildTestApp, MANUAL_PAYOUTS, passTime, type TestApp } from './test-app.js';
import {
  adminPost,
  CREDIT_PAISE,
  earningCreator,
  inTransitPaise,
  mailsTo,
  postWithdraw,
  rupees,
  wallet,
  withdraw,
} from './withdrawals-helpers.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCookie(t.app);
});
beforeEach(() => {
  payoutsSimulatorOf(t.app).controls = {
    ...payoutsSimulatorOf(t.app).controls,
    failWith: null,
    longPending: false,
    reverseAfterMs: null,
    duplicateWebhooks: 0,
    outOfOrderWebhooks: false,
    dropWebhooks: false,
    failNextRequests: 0,
    failAfterCreate: 0,
    delayMs: 2_000,
  };
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

/** A creator with a sale, a saved payout account, and her first payout approved and paid. */
async function creatorPaidOnce() {
  const cast = await earningCreator(t);
  await savePayoutAccount(t.app, cast.creator.cookie);
  const first = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
  await approve(t.app, admin, first.withdrawal.id);
  await letPayoutsRun(t);
  expect((await withdrawalRow(t, first.withdrawal.id)).status).toBe('PAID');
  await anotherSale(t, cast.item.id);
  return { ...cast, balancePaise: await walletOf(t.database, cast.creator.id) };
}

async function withdrawal(id: string, cookie: string): Promise<Withdrawal> {
  const seen = await wallet(t.app, cookie);
  for (const entry of seen.history) {
    if (entry.kind === 'withdrawal' && entry.withdrawal.id === id) return entry.withdrawal;
  }
  throw new Error(`withdrawal ${id} is not in the wallet`);
}

describe('the payout account', () => {
  it('is saved once the bank names its holder, shows the PAN masked, and a first setup sends no email', async () => {
    const { creator } = await earningCreator(t);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/studio/payout-account',
      headers: { cookie: creator.cookie },
    });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toBeNull();

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/studio/payout-account/verify',
      payload: { upiId: ' Meera.Rathore@OKAXIS ', legalName: LEGAL_NAME },
      headers: { cookie: creator.cookie },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ upiId: HER_UPI, verifiedName: 'MEERA RATHORE', nameMatches: true });

    const saved = await savePayoutAccount(t.app, creator.cookie, { pan: 'abcde 1234 f' });
    expect(saved).toEqual({
      upiId: HER_UPI,
      verifiedName: 'MEERA RATHORE',
      legalName: LEGAL_NAME,
      panMasked: 'ABCDE****F',
      status: 'verified',
      nameMatches: true,
      verifiedAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/studio/payout-account',
      headers: { cookie: creator.cookie },
    });
    expect(got.json()).toEqual(saved);
    expect(got.body).not.toContain('ABCDE1234F');
    expect(await mailsTo(t, creator.email, 'Your Kholo payout account changed')).toHaveLength(0);
  });

  it('refuses a typo of a handle, a malformed ID, a bad PAN and someone else’s name, saving nothing', async () => {
    const { creator } = await earningCreator(t);
    const cases: [unknown, string, string][] = [
      [{ upiId: 'priya@okaxsi', legalName: LEGAL_NAME, pan: PAN }, 'upiId', PAYOUT_ACCOUNT_MESSAGES.upiNotFound],
      [{ upiId: 'unknown@ybl', legalName: LEGAL_NAME, pan: PAN }, 'upiId', PAYOUT_ACCOUNT_MESSAGES.upiNotFound],
      [{ upiId: 'invalid@upi', legalName: LEGAL_NAME, pan: PAN }, 'upiId', PAYOUT_ACCOUNT_MESSAGES.upiInvalid],
      [{ upiId: 'not a upi id', legalName: LEGAL_NAME, pan: PAN }, 'upiId', 'Please enter a valid UPI ID.'],
      [{ upiId: HER_UPI, legalName: LEGAL_NAME, pan: 'ABCD1234F' }, 'pan', PAYOUT_ACCOUNT_MESSAGES.panInvalid],
      [{ upiId: HER_UPI, legalName: LEGAL_NAME, pan: 1234 }, 'pan', PAYOUT_ACCOUNT_MESSAGES.panInvalid],
      [{ upiId: HER_UPI, legalName: '   ', pan: PAN }, 'legalName', PAYOUT_ACCOUNT_MESSAGES.legalNameMissing],
      [{ upiId: HER_UPI, pan: PAN }, 'legalName', PAYOUT_ACCOUNT_MESSAGES.legalNameMissing],
      [
        { upiId: 'asha.rao@okaxis', legalName: LEGAL_NAME, pan: PAN },
        'accountIsMine',
        PAYOUT_ACCOUNT_MESSAGES.confirmMismatch,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await putPayoutAccount(t.app, creator.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    const shown = await putPayoutAccount(t.app, creator.cookie, {
      upiId: HER_UPI,
      legalName: LEGAL_NAME,
      pan: PAN,
      confirmedName: 'ASHA RAO',
    });
    expect(shown.statusCode).toBe(409);
    expect(errorOf(shown).message).toBe(PAYOUT_ACCOUNT_MESSAGES.nameChanged);
    const count = await t.database.db
      .selectFrom('payoutAccounts')
      .select('creatorId')
      .where('creatorId', '=', creator.id)
      .execute();
    expect(count).toEqual([]);
  });

  it('emails her when she changes it, and her next payout waits for review', async () => {
    const cast = await creatorPaidOnce();
    const changed = await savePayoutAccount(t.app, cast.creator.cookie, { upiId: 'meera.rathore@okicici' });
    expect(changed).toMatchObject({ upiId: 'meera.rathore@okicici', status: 'review', nameMatches: true });
    const mails = await mailsTo(t, cast.creator.email, 'Your Kholo payout account changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('MEERA RATHORE (meera.rathore@okicici)');
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, 'meera.rathore@okicici');
    expect(asked.withdrawal).toMatchObject({ status: 'REVIEW', reviewReasons: ['account_changed'] });
    // Once the admin lets it go, the account is reviewed: the next payout goes on its own.
    await approve(t.app, admin, asked.withdrawal.id);
    await letPayoutsRun(t);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/studio/payout-account',
      headers: { cookie: cast.creator.cookie },
    });
    expect(account.json()).toMatchObject({ status: 'verified' });
  });

  it('is for its creator only', async () => {
    const fan = await newFan(t.app);
    const asFan = await putPayoutAccount(t.app, fan.cookie, { upiId: HER_UPI, legalName: LEGAL_NAME, pan: PAN });
    expect(asFan.statusCode).toBe(403);
    const anonymous = await putPayoutAccount(t.app, undefined, { upiId: HER_UPI, legalName: LEGAL_NAME, pan: PAN });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes another holder only on her word, and that account’s first payout waits for review', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const saved = await savePayoutAccount(t.app, creator.cookie, { upiId: 'asha.rao@okaxis', accountIsMine: true });
    expect(saved).toMatchObject({ verifiedName: 'ASHA RAO', status: 'review', nameMatches: false });
    const asked = await withdraw(t.app, creator.cookie, balancePaise, 'asha.rao@okaxis');
    expect(asked.withdrawal).toMatchObject({ status: 'REVIEW', reviewReasons: ['first_payout', 'name_override'] });
  });
});

describe('automatic payouts', () => {
  it('reviews the first payout; once approved it is sent and shows Paid with a UTR, with one email', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    await savePayoutAccount(t.app, creator.cookie);
    const asked = await withdraw(t.app, creator.cookie, balancePaise, HER_UPI);
    expect(asked.withdrawal).toMatchObject({
      status: 'REVIEW',
      payeeName: 'MEERA RATHORE',
      reviewReasons: ['first_payout'],
    });
    // Nothing goes out while it waits.
    await letPayoutsRun(t);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('REVIEW');
    expect(await mailsTo(t, creator.email, 'Withdrawal requested')).toHaveLength(1);

    const approved = await approve(t.app, admin, asked.withdrawal.id);
    expect(approved.status).toBe('REQUESTED');
    await t.app.jobs.runDue();
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PROCESSING');
    await letPayoutsRun(t);

    const paid = await withdrawal(asked.withdrawal.id, creator.cookie);
    expect(paid).toMatchObject({ status: 'PAID', paymentReference: expect.stringMatching(/^\d{12}$/) });
    expect(paid.sentAt).not.toBeNull();
    expect(paid.resolvedAt).toBeGreaterThanOrEqual(paid.sentAt!);
    expect(await inTransitPaise(t.database, asked.withdrawal.id)).toBe(0);
    // The bank's answer came as a signed webhook, logged once, and the transfer was looked up.
    const events = await t.database.db
      .selectFrom('payoutEvents')
      .select(['source', 'eventType'])
      .where('withdrawalId', '=', asked.withdrawal.id)
      .execute();
    expect(events).toContainEqual({ source: 'webhook', eventType: 'TRANSFER_SUCCESS' });
    expect(events).toContainEqual({ source: 'poll', eventType: 'TRANSFER_SUCCESS' });
    const mails = await mailsTo(t, creator.email, 'Withdrawal paid');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Payment reference: ${paid.paymentReference}`);
    expect(mails[0]!.text).toContain(`MEERA RATHORE (${HER_UPI})`);
  });

  it('pays a creator paid before with no person involved', async () => {
    const cast = await creatorPaidOnce();
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    expect(asked.withdrawal).toMatchObject({ status: 'REQUESTED', reviewReasons: [] });
    await letPayoutsRun(t);
    expect(await withdrawal(asked.withdrawal.id, cast.creator.cookie)).toMatchObject({ status: 'PAID' });
    expect(await walletOf(t.database, cast.creator.id)).toBe(0);
    // The requested email is for a payout that waits; this one went at once.
    expect(await mailsTo(t, cast.creator.email, 'Withdrawal paid')).toHaveLength(2);
  });

  it('refuses a withdrawal that is not the whole balance before asking the bank anything', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const events = () => t.database.db.selectFrom('payoutEvents').select('id').execute();
    const before = (await events()).length;
    const response = await postWithdraw(t.app, creator.cookie, {
      amount: rupees(balancePaise - 100),
      upi: 'priya@okaxsi',
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toMatch(/^Your balance is now/);
    expect((await events()).length).toBe(before);
  });

  it('refuses a typo’d UPI ID before anything is held', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const response = await postWithdraw(t.app, creator.cookie, { amount: rupees(balancePaise), upi: 'priya@okaxsi' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      message: PAYOUT_ACCOUNT_MESSAGES.upiNotFound,
      fields: { upi: PAYOUT_ACCOUNT_MESSAGES.upiNotFound },
    });
    expect(await walletOf(t.database, creator.id)).toBe(balancePaise);
    const count = await t.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('creatorId', '=', creator.id)
      .execute();
    expect(count).toEqual([]);
  });

  it('sends a UPI ID other than the saved one to review, with the bank’s holder name', async () => {
    const cast = await creatorPaidOnce();
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, '9876543210@ybl');
    expect(asked.withdrawal.status).toBe('REVIEW');
    expect(asked.withdrawal.reviewReasons).toEqual(['new_upi_id']);
    expect(asked.withdrawal.payeeName).toMatch(/^[A-Z ]+$/);
  });

  it('gives the money back at once when the bank refuses, with the reason and the next step', async () => {
    const cast = await creatorPaidOnce();
    setPayoutControls(t.app, { failWith: 'BENEFICIARY_BANK_OFFLINE' });
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    await letPayoutsRun(t);
    const failed = await withdrawal(asked.withdrawal.id, cast.creator.cookie);
    expect(failed.status).toBe('FAILED');
    expect(failed.rejectionReason).toContain('did not accept the payment');
    expect(await walletOf(t.database, cast.creator.id)).toBe(cast.balancePaise);
    const mails = await mailsTo(t, cast.creator.email, 'Payout failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('back in your Kholo wallet');
  });

  it('waits in order while the payout balance is too low, and pays after a top-up without failing', async () => {
    const cast = await creatorPaidOnce();
    const before = payoutsSimulatorOf(t.app).controls.balancePaise;
    setPayoutControls(t.app, { balancePaise: 0 });
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    await letPayoutsRun(t, 60_000);
    const waiting = await withdrawal(asked.withdrawal.id, cast.creator.cookie);
    expect(waiting).toMatchObject({ status: 'REQUESTED', waitingForFunds: true, sentAt: null });
    expect(await mailsTo(t, cast.creator.email, 'Payout failed')).toHaveLength(0);

    setPayoutControls(t.app, { balancePaise: before });
    await letPayoutsRun(t, 30_000);
    expect(await withdrawal(asked.withdrawal.id, cast.creator.cookie)).toMatchObject({
      status: 'PAID',
      waitingForFunds: false,
    });
  });

  it('sends again under a new transfer id when the provider failed it for lack of funds', async () => {
    const cast = await creatorPaidOnce();
    setPayoutControls(t.app, { failWith: 'INSUFFICIENT_BALANCE' });
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    await letPayoutsRun(t);
    const row = await withdrawalRow(t, asked.withdrawal.id);
    expect(row).toMatchObject({ status: 'REQUESTED', transferAttempt: 2 });
    expect(row.waitingForFundsSince).not.toBeNull();
    setPayoutControls(t.app, { failWith: null });
    await letPayoutsRun(t, 30_000);
    expect(await withdrawalRow(t, asked.withdrawal.id)).toMatchObject({ status: 'PAID', transferAttempt: 2 });
  });

  it('credits the wallet back when the bank returns a paid payout, and emails her', async () => {
    const cast = await creatorPaidOnce();
    setPayoutControls(t.app, { reverseAfterMs: 60_000 });
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    await letPayoutsRun(t);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PAID');
    expect(await walletOf(t.database, cast.creator.id)).toBe(0);
    await letPayoutsRun(t, 60_000);
    const reversed = await withdrawal(asked.withdrawal.id, cast.creator.cookie);
    expect(reversed.status).toBe('REVERSED');
    expect(reversed.reversedAt).not.toBeNull();
    expect(await walletOf(t.database, cast.creator.id)).toBe(cast.balancePaise);
    expect(await mailsTo(t, cast.creator.email, 'Payout returned')).toHaveLength(1);
  });

  it('looks the transfer up after a 5xx on create instead of sending it twice', async () => {
    const cast = await creatorPaidOnce();
    setPayoutControls(t.app, { failAfterCreate: 1 });
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    await t.app.jobs.runDue();
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PROCESSING');
    // The send job's retry (after its backoff) and the reconciler both ask first.
    await letPayoutsRun(t, 60_000);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PAID');
    const transfers = await t.database.db
      .selectFrom('simulatorPayoutTransfers')
      .select('transferId')
      .where('transferId', 'like', `${asked.withdrawal.id}%`)
      .execute();
    expect(transfers).toHaveLength(1);
  });

  it('takes a refusal of a send again as final only once the provider has long had time to show a first transfer', async () => {
    const cast = await creatorPaidOnce();
    const gateway = t.app.payouts.gateway!;
    const original = gateway.createTransfer.bind(gateway);
    let creates = 0;
    // The first send's answer is lost (nothing was made); every later one is refused.
    gateway.createTransfer = () => {
      creates += 1;
      return Promise.reject(
        creates === 1
          ? new PayoutGatewayError('unavailable', 'Cashfree Payouts answered 502')
          : new PayoutGatewayError('refused', 'beneficiary blocked', 'beneficiary_blocked'),
      );
    };
    try {
      const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
      await letPayoutsRun(t, 60_000);
      expect(creates).toBeGreaterThanOrEqual(2);
      // Refused again within minutes of the first send: maybe the provider has not caught up.
      expect(await withdrawalRow(t, asked.withdrawal.id)).toMatchObject({ status: 'PROCESSING' });
      expect(await walletOf(t.database, cast.creator.id)).toBe(0);
      await passTime(t, 10 * 60_000);
      await letPayoutsRun(t, 60_000);
      const failed = await withdrawalRow(t, asked.withdrawal.id);
      expect(failed.status).toBe('FAILED');
      expect(await walletOf(t.database, cast.creator.id)).toBe(cast.balancePaise);
    } finally {
      gateway.createTransfer = original;
    }
  });

  it('pays once however many duplicate and out-of-order webhooks arrive', async () => {
    const cast = await creatorPaidOnce();
    setPayoutControls(t.app, { duplicateWebhooks: 3, outOfOrderWebhooks: true });
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    await letPayoutsRun(t, 40_000);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PAID');
    const paidPostings = await t.database.db
      .selectFrom('ledgerTransactions')
      .select('id')
      .where('withdrawalId', '=', asked.withdrawal.id)
      .where('kind', '=', 'withdrawal_paid')
      .execute();
    expect(paidPostings).toHaveLength(1);
    expect(await mailsTo(t, cast.creator.email, 'Withdrawal paid')).toHaveLength(2);
  });

  it('logs a low-balance alert from the provider once an hour, however often it is sent', async () => {
    const secret = payoutsSimulatorOf(t.app).secret;
    const alert = async () => {
      const body = JSON.stringify({ type: 'LOW_BALANCE_ALERT', event_time: '2026-11-26T10:00:00', data: {} });
      const timestamp = String(t.clock.now());
      return t.app.inject({
        method: 'POST',
        url: '/api/payouts/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': signWebhook(secret, timestamp, body),
        },
      });
    };
    const logged = () =>
      t.database.db
        .selectFrom('payoutEvents')
        .select('deliveries')
        .where('eventType', '=', 'LOW_BALANCE_ALERT')
        .execute();
    const before = (await logged()).length;
    expect((await alert()).statusCode).toBe(200);
    expect((await alert()).statusCode).toBe(200);
    expect(await logged()).toHaveLength(before + 1);
    t.clock.advance(60 * 60_000);
    expect((await alert()).statusCode).toBe(200);
    expect(await logged()).toHaveLength(before + 2);
  });

  it('refuses a forged payouts webhook', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/webhook',
      payload: { type: 'TRANSFER_SUCCESS', data: { transfer_id: 'wd_AAAAAAAAAAAAAAAAAAAAAAAA', status: 'SUCCESS' } },
      headers: { 'x-webhook-timestamp': String(t.clock.now()), 'x-webhook-signature': 'Zm9yZ2Vk' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('payouts asked for while they were paid by hand', () => {
  it('wait for review after the switch to automatic, and can be marked paid by hand, never sent', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const asked = await withdraw(t.app, creator.cookie, balancePaise, HER_UPI);
    // As PAYOUTS=manual (or the code before automatic payouts) left it: REQUESTED, never cleared to send.
    await t.database.db
      .updateTable('withdrawals')
      .set({ status: 'REQUESTED', reviewReasons: null, clearedAt: null })
      .where('id', '=', asked.withdrawal.id)
      .execute();
    await letPayoutsRun(t, 30_000);
    const row = await withdrawalRow(t, asked.withdrawal.id);
    expect(row).toMatchObject({ status: 'REVIEW', reviewReasons: 'asked_while_manual', sentAt: null });
    const byHand = await adminPost(t.app, admin, 'payment-done', { id: asked.withdrawal.id, reference: 'UTR 778899' });
    expect(byHand.statusCode).toBe(200);
    expect(await withdrawalRow(t, asked.withdrawal.id)).toMatchObject({
      status: 'PAID',
      paymentReference: 'UTR 778899',
    });
    const sent = await t.database.db
      .selectFrom('simulatorPayoutTransfers')
      .select('transferId')
      .where('transferId', 'like', `${asked.withdrawal.id}%`)
      .execute();
    expect(sent).toEqual([]);
  });

  it('refuses Mark as Paid for a payout cleared to go: the transfer pays it', async () => {
    const cast = await creatorPaidOnce();
    setPayoutControls(t.app, { longPending: true });
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    const answer = await adminPost(t.app, admin, 'payment-done', { id: asked.withdrawal.id });
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer).message).toMatch(/^Payouts are automatic here/);
    setPayoutControls(t.app, { longPending: false });
    await letPayoutsRun(t, 60_000);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PAID');
  });
});

describe('cancel and approve', () => {
  it('lets the creator cancel while in review, once, and never another creator’s', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const asked = await withdraw(t.app, creator.cookie, balancePaise, HER_UPI);
    const other = await earningCreator(t);
    const notHers = await postCancel(t.app, other.creator.cookie, { id: asked.withdrawal.id });
    expect(notHers.statusCode).toBe(404);

    const [first, second] = await Promise.all([
      postCancel(t.app, creator.cookie, { id: asked.withdrawal.id }),
      postCancel(t.app, creator.cookie, { id: asked.withdrawal.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await walletOf(t.database, creator.id)).toBe(balancePaise);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('CANCELLED');
  });

  it('refuses a cancel once the payout is sent', async () => {
    const cast = await creatorPaidOnce();
    setPayoutControls(t.app, { longPending: true });
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    await letPayoutsRun(t);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PROCESSING');
    const response = await postCancel(t.app, cast.creator.cookie, { id: asked.withdrawal.id });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      'This withdrawal has already been sent to your bank, so it cannot be cancelled.',
    );
    setPayoutControls(t.app, { longPending: false });
    await letPayoutsRun(t, 60_000);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PAID');
  });

  it('lets only the admin approve, and only one of two approvals at once', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const asked = await withdraw(t.app, creator.cookie, balancePaise, HER_UPI);
    expect((await adminApprove(t.app, creator.cookie, { id: asked.withdrawal.id })).statusCode).toBe(403);
    expect((await adminApprove(t.app, undefined, { id: asked.withdrawal.id })).statusCode).toBe(401);
    expect((await adminApprove(t.app, admin, {})).statusCode).toBe(400);
    expect((await adminApprove(t.app, admin, { id: 'wd_nope' })).statusCode).toBe(404);
    const answers = await Promise.all([
      adminApprove(t.app, admin, { id: asked.withdrawal.id }),
      adminApprove(t.app, admin, { id: asked.withdrawal.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    // Paying by hand is the manual mode's; here the transfer does it.
    const byHand = await adminPost(t.app, admin, 'payment-done', { id: asked.withdrawal.id });
    expect(byHand.statusCode).toBe(409);
    await letPayoutsRun(t);
    expect((await withdrawalRow(t, asked.withdrawal.id)).status).toBe('PAID');
  });

  it('lets one of 20 withdrawals at once hold the balance', async () => {
    const { creator, balancePaise } = await earningCreator(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postWithdraw(t.app, creator.cookie, { amount: rupees(balancePaise), upi: HER_UPI }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);
    expect(balancePaise).toBe(CREDIT_PAISE);
  });
});

describe('PAYOUTS=manual', () => {
  it('keeps the admin paying by hand: no review, no approve', async () => {
    const manual = await buildTestApp(MANUAL_PAYOUTS);
    try {
      const manualAdmin = await adminCookie(manual.app);
      const { creator, balancePaise } = await earningCreator(manual);
      const asked = await withdraw(manual.app, creator.cookie, balancePaise, HER_UPI);
      expect(asked.withdrawal).toMatchObject({ status: 'REQUESTED', reviewReasons: [] });
      const approveAnswer = await adminApprove(manual.app, manualAdmin, { id: asked.withdrawal.id });
      expect(approveAnswer.statusCode).toBe(409);
      await manual.app.jobs.runDue();
      expect((await withdrawalRow(manual, asked.withdrawal.id)).status).toBe('REQUESTED');
    } finally {
      await manual.close();
    }
  });
});

describe('the review queue’s promise', () => {
  it('warns, once an hour, when a payout has waited over 20 hours for review', async () => {
    const logged: { msg?: string; withdrawalIds?: string[] }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    const watched = await buildTestApp({}, { logger: pino({ level: 'warn' }, stream) });
    try {
      const { creator, balancePaise } = await earningCreator(watched);
      const asked = await withdraw(watched.app, creator.cookie, balancePaise, HER_UPI);
      const overdue = () => logged.filter((line) => line.msg?.startsWith('payouts: payouts have waited over 20 hours'));
      await passTime(watched, 19 * 60 * 60_000);
      await watched.app.jobs.runDue();
      expect(overdue()).toEqual([]);
      await passTime(watched, 2 * 60 * 60_000);
      await watched.app.jobs.runDue();
      expect(overdue()).toHaveLength(1);
      expect(overdue()[0]?.withdrawalIds).toEqual([asked.withdrawal.id]);
      // The reconciler runs every 30 s; the warning does not.
      await passTime(watched, 60_000);
      await watched.app.jobs.runDue();
      expect(overdue()).toHaveLength(1);
    } finally {
      await watched.close();
    }
  });
});
