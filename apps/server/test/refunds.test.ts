import type { AdminPayment, ContentDetail, Refund, WalletResponse } from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf } from './accounts-helpers.js';
import { adminCookie, getAs, uploadItem } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  newFan,
  paidOrder,
  payInSimulator,
  resetSimulator,
  sellerAndFan,
  sendWebhook,
  setControls,
  simulatorOf,
  walletOf,
} from './payments-helpers.js';
import {
  adminRefund,
  getJson,
  ledgerKinds,
  letRefundsRun,
  postAdminRefund,
  postCreatorRefund,
  postRetry,
  providerRefunds,
  purchasesOf,
  refundRow,
} from './refunds-helpers.js';
import { buildTestApp, MANUAL_PAYOUTS, type TestApp } from './test-app.js';
import {
  CREDIT_PAISE,
  emailOf,
  mailsTo,
  markPaid,
  postWithdraw,
  PRICE_PAISE,
  rupees,
  wallet,
  withdraw,
} from './withdrawals-helpers.js';

const PRICE = 14_900;
/** ₹149 less Kholo's 5 %: what the creator gets from each sale. */
const SHARE = 14_155;
const DAY = 24 * 60 * 60_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Payouts by hand: a withdrawal stays REQUESTED until the admin pays it, which these tests control.
  t = await buildTestApp(MANUAL_PAYOUTS);
  admin = await adminCookie(t.app);
});
beforeEach(() => {
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

async function contentOf(itemId: string, cookie: string) {
  return getAs(t.app, `/api/contents/${itemId}`, cookie);
}

describe('the admin refunds a payment', () => {
  it('ends the fan’s access at once, reverses the sale, and the provider pays her back exactly once', async () => {
    const cast = await paidOrder(t);
    expect(await walletOf(t.database, cast.creator.id)).toBe(SHARE);
    t.clock.advance(60_000);

    const refund = await adminRefund(t.app, admin, cast.order.order_id, 'The video does not play on her phone');
    expect(refund).toMatchObject({
      orderId: cast.order.order_id,
      amountPaise: PRICE,
      reason: 'admin',
      note: 'The video does not play on her phone',
      status: 'PENDING',
      viaBank: false,
    });
    // Issued: access ends, the item's counters go down, her share leaves the wallet.
    const detail = await contentOf(cast.item.id, cast.fan.cookie);
    expect(detail.json<ContentDetail>().item.access).toEqual({ kind: 'locked', accessEndedAt: null });
    const row = await t.database.db
      .selectFrom('contents')
      .select(['unlocks', 'earningsPaise'])
      .where('id', '=', cast.item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ unlocks: 0, earningsPaise: 0 });
    expect(await walletOf(t.database, cast.creator.id)).toBe(0);
    expect((await ledgerKinds(t, cast.order.order_id)).sort()).toEqual(['refund', 'sale']);

    await letRefundsRun(t);
    const done = await refundRow(t, cast.order.order_id);
    expect(done).toMatchObject({ status: 'SUCCESS', providerStatus: 'SUCCESS', paymentMethod: 'upi' });
    expect(done?.arn).toMatch(/^\d{12}$/);
    expect(await providerRefunds(t, cast.order.order_id)).toHaveLength(1);
    expect((await ledgerKinds(t, cast.order.order_id)).sort()).toEqual(['refund', 'refund_paid', 'sale']);

    const [purchase] = await purchasesOf(t.app, cast.fan.cookie);
    expect(purchase).toMatchObject({ status: 'refunded', accessUntil: null, canReport: false });
    expect(purchase?.refund).toMatchObject({ status: 'SUCCESS', arn: done?.arn });

    // One email to the fan, with the UPI timing; one to the creator, with what left her wallet.
    const fanMail = await mailsTo(t, cast.fan.email, 'Refund of ₹149 for “Monsoon in Kochi”');
    expect(fanMail).toHaveLength(1);
    expect(fanMail[0]?.text).toContain('reaches your UPI account in 1–3 working days');
    expect(fanMail[0]?.text).toContain('The video does not play on her phone');
    const creatorMail = await mailsTo(
      t,
      await emailOf(t.database, cast.creator.id),
      'A sale of “Monsoon in Kochi” was refunded',
    );
    expect(creatorMail).toHaveLength(1);
    expect(creatorMail[0]?.text).toContain('Your share of ₹141.55 came out of your wallet.');

    // The admin sees it beside the order; the creator's wallet shows the reversal with its reason.
    const payments = await getJson<{ items: AdminPayment[] }>(t.app, '/api/admin/payments', admin);
    expect(payments.items.find((item) => item.id === cast.order.order_id)).toMatchObject({
      refundable: false,
      refund: { status: 'SUCCESS' },
    });
    const history = (await wallet(t.app, cast.creator.cookie)).history;
    expect(history[0]).toMatchObject({
      kind: 'refund',
      amountPaise: -SHARE,
      sharePaise: SHARE,
      owedPaise: 0,
      reason: 'admin',
    });
    expect(history[1]).toMatchObject({ kind: 'sale', refundable: false, refundedAt: refund.createdAt });

    // A second refund of the same order is refused, and changes nothing.
    const again = await postAdminRefund(t.app, admin, { orderId: cast.order.order_id, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This purchase was already refunded.');
  });

  it('a card payer is told her bank’s 5–7 working days', async () => {
    const cast = await sellerAndFan(t.app);
    const order = await createOrder(t.app, cast.fan.cookie, cast.item.id);
    await payInSimulator(t.app, order.payment_session_id, 'SUCCESS', 'card');
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]).toMatchObject({ paymentMethod: 'card' });
    await adminRefund(t.app, admin, order.order_id);
    await letRefundsRun(t);
    const [mail] = await mailsTo(t, cast.fan.email, 'Refund of');
    expect(mail?.text).toContain('It reaches your card in 5–7 working days');
  });

  it('a double click refunds once: one refund row, one provider refund, one reversal', async () => {
    const cast = await paidOrder(t);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        postAdminRefund(t.app, admin, { orderId: cast.order.order_id, reason: 'Asked twice' }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    await letRefundsRun(t);
    expect(await providerRefunds(t, cast.order.order_id)).toHaveLength(1);
    expect((await ledgerKinds(t, cast.order.order_id)).sort()).toEqual(['refund', 'refund_paid', 'sale']);
  });

  it('duplicate and repeated webhooks, and polls after them, pay back once', async () => {
    const cast = await paidOrder(t);
    setControls(t.app, { duplicateWebhooks: 3 });
    await adminRefund(t.app, admin, cast.order.order_id);
    await letRefundsRun(t);
    // The reconciler asks again later; nothing more happens.
    t.clock.advance(2 * 60 * 60_000);
    await letRefundsRun(t);
    expect((await ledgerKinds(t, cast.order.order_id)).filter((kind) => kind === 'refund_paid')).toHaveLength(1);
    expect((await refundRow(t, cast.order.order_id))?.status).toBe('SUCCESS');
    expect(await mailsTo(t, cast.fan.email, 'Refund of')).toHaveLength(1);
  });

  it('a lost answer (the provider took it, then answered 503) is looked up, never sent twice', async () => {
    const cast = await paidOrder(t);
    setControls(t.app, { failAfterRefundCreate: 1 });
    await adminRefund(t.app, admin, cast.order.order_id);
    await letRefundsRun(t);
    await letRefundsRun(t, 60_000);
    expect(await providerRefunds(t, cast.order.order_id)).toHaveLength(1);
    expect((await refundRow(t, cast.order.order_id))?.status).toBe('SUCCESS');
  });

  it('a refund the provider cancels stays owed, is counted on the Dashboard, and a retry pays it', async () => {
    const cast = await paidOrder(t);
    setControls(t.app, { refundOutcome: 'CANCELLED' });
    const refund = await adminRefund(t.app, admin, cast.order.order_id);
    await letRefundsRun(t);
    expect(await refundRow(t, cast.order.order_id)).toMatchObject({ status: 'FAILED', providerStatus: 'CANCELLED' });
    const overview = await getJson<{ counts: { failedRefunds: number } }>(t.app, '/api/admin/overview', admin);
    expect(overview.counts.failedRefunds).toBeGreaterThanOrEqual(1);
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]?.status).toBe('refunding');

    setControls(t.app, { refundOutcome: 'SUCCESS' });
    const retried = await postRetry(t.app, admin, { id: refund.id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ refund: Refund }>().refund.status).toBe('PENDING');
    expect((await postRetry(t.app, admin, { id: refund.id })).statusCode).toBe(409);
    await letRefundsRun(t);
    expect(await refundRow(t, cast.order.order_id)).toMatchObject({ status: 'SUCCESS', attempt: 2 });
    // Two asks at the provider under two ids; only the second paid.
    const atProvider = await providerRefunds(t, cast.order.order_id);
    expect(atProvider.map((one) => one.status).sort()).toEqual(['CANCELLED', 'SUCCESS']);
    expect((await ledgerKinds(t, cast.order.order_id)).filter((kind) => kind === 'refund_paid')).toHaveLength(1);
  });

  it('late or forged webhooks change nothing: an earlier attempt’s CANCELLED, an unknown refund, a bad signature', async () => {
    const cast = await paidOrder(t);
    setControls(t.app, { refundOutcome: 'CANCELLED' });
    const refund = await adminRefund(t.app, admin, cast.order.order_id);
    await letRefundsRun(t);
    // The second attempt is taken and stays pending at the provider.
    setControls(t.app, { refundOutcome: 'PENDING' });
    expect((await postRetry(t.app, admin, { id: refund.id })).statusCode).toBe(200);
    await letRefundsRun(t);
    expect(await refundRow(t, cast.order.order_id)).toMatchObject({ status: 'PROCESSING', attempt: 2 });

    const refundBody = (refundId: string, status: string) =>
      JSON.stringify({
        data: {
          refund: {
            cf_refund_id: 11325632,
            refund_id: refundId,
            order_id: cast.order.order_id,
            refund_amount: 149.0,
            refund_currency: 'INR',
            entity: 'Refund',
            refund_status: status,
            refund_arn: status === 'SUCCESS' ? '205907014017' : null,
          },
        },
        event_time: '2026-11-26T10:00:00+05:30',
        type: 'REFUND_STATUS_WEBHOOK',
      });
    // The first attempt's CANCELLED, delivered again while the second is on its way: no change.
    expect((await sendWebhook(t, refundBody(refund.id, 'CANCELLED'))).statusCode).toBe(200);
    // A refund Kholo never made: logged, nothing else.
    expect((await sendWebhook(t, refundBody('rf_AAAAAAAAAAAAAAAAAAAAAAAA', 'SUCCESS'))).statusCode).toBe(200);
    // Not signed by the provider: refused before anything is read.
    const forged = await sendWebhook(t, refundBody(`${refund.id}_2`, 'CANCELLED'), { secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(401);
    expect(await refundRow(t, cast.order.order_id)).toMatchObject({ status: 'PROCESSING', attempt: 2 });

    // The live attempt's success, twice: paid back once.
    for (let copy = 0; copy < 2; copy += 1) {
      expect((await sendWebhook(t, refundBody(`${refund.id}_2`, 'SUCCESS'))).statusCode).toBe(200);
    }
    expect(await refundRow(t, cast.order.order_id)).toMatchObject({ status: 'SUCCESS', arn: '205907014017' });
    expect((await ledgerKinds(t, cast.order.order_id)).filter((kind) => kind === 'refund_paid')).toHaveLength(1);
  });

  it('refuses what is not a paid order, and checks who asks and what they send', async () => {
    const cast = await sellerAndFan(t.app);
    const open = await createOrder(t.app, cast.fan.cookie, cast.item.id);
    const notPaid = await postAdminRefund(t.app, admin, { orderId: open.order_id, reason: 'Nothing paid' });
    expect(notPaid.statusCode).toBe(409);
    expect(errorOf(notPaid).message).toBe('Nothing was paid for this order, so there is nothing to refund.');
    expect((await postAdminRefund(t.app, admin, { orderId: 'kh_nope', reason: 'Unknown' })).statusCode).toBe(404);
    for (const payload of [
      {},
      { orderId: open.order_id },
      { orderId: 42, reason: 'x y z' },
      { orderId: 'bad id!', reason: 'Reason here' },
      { orderId: open.order_id, reason: '' },
    ]) {
      expect((await postAdminRefund(t.app, admin, payload)).statusCode).toBe(400);
    }
    expect(
      (await postAdminRefund(t.app, undefined, { orderId: open.order_id, reason: 'Reason here' })).statusCode,
    ).toBe(401);
    expect(
      (await postAdminRefund(t.app, cast.fan.cookie, { orderId: open.order_id, reason: 'Reason here' })).statusCode,
    ).toBe(403);
    expect(
      (await postAdminRefund(t.app, cast.creator.cookie, { orderId: open.order_id, reason: 'Reason here' })).statusCode,
    ).toBe(403);
  });
});

describe('a refund larger than the wallet', () => {
  it('becomes what she owes, is recovered from her next sale before any withdrawal, and no balance goes negative', async () => {
    const cast = await paidOrder(t, PRICE_PAISE);
    const first = await withdraw(t.app, cast.creator.cookie, CREDIT_PAISE);
    await markPaid(t.app, admin, first.withdrawal.id);
    expect(await walletOf(t.database, cast.creator.id)).toBe(0);
    t.clock.advance(60_000);

    await adminRefund(t.app, admin, cast.order.order_id, 'Charged for the wrong item');
    let seen: WalletResponse = await wallet(t.app, cast.creator.cookie);
    expect(seen).toMatchObject({ balancePaise: 0, owedPaise: CREDIT_PAISE, heldPaise: 0 });
    expect(seen.history[0]).toMatchObject({
      kind: 'refund',
      amountPaise: 0,
      owedPaise: CREDIT_PAISE,
      sharePaise: CREDIT_PAISE,
    });
    const mail = await mailsTo(t, await emailOf(t.database, cast.creator.id), 'A sale of');
    expect(mail.at(-1)?.text).toContain('₹1,424.05 will come out of your next sales before you can withdraw');
    // Nothing to withdraw while she owes.
    expect((await postWithdraw(t.app, cast.creator.cookie, { amount: 500, upi: '9876543210@ybl' })).statusCode).toBe(
      409,
    );

    // Her next sale pays it back first: the whole share, nothing reaches the wallet.
    t.clock.advance(60_000);
    const fan2 = await newFan(t.app, 'Kabir Singh');
    const order2 = await createOrder(t.app, fan2.cookie, cast.item.id);
    await payInSimulator(t.app, order2.payment_session_id);
    seen = await wallet(t.app, cast.creator.cookie);
    expect(seen).toMatchObject({ balancePaise: 0, owedPaise: 0 });
    expect(seen.history[0]).toMatchObject({ kind: 'sale', amountPaise: 0, recoveredPaise: CREDIT_PAISE });

    // The one after reaches her wallet, and she may withdraw again.
    const fan3 = await newFan(t.app, 'Ravi Nair');
    const order3 = await createOrder(t.app, fan3.cookie, cast.item.id);
    await payInSimulator(t.app, order3.payment_session_id);
    expect(await walletOf(t.database, cast.creator.id)).toBe(CREDIT_PAISE);
    const second = await withdraw(t.app, cast.creator.cookie, CREDIT_PAISE);
    expect(second.withdrawal.status).toBe('REQUESTED');
    await letRefundsRun(t);
  });

  it('a refund racing a withdrawal: whichever goes first, one posting each and nothing negative', async () => {
    const cast = await paidOrder(t, PRICE_PAISE);
    const [refund, withdrawal] = await Promise.all([
      postAdminRefund(t.app, admin, { orderId: cast.order.order_id, reason: 'Race' }),
      postWithdraw(t.app, cast.creator.cookie, { amount: rupees(CREDIT_PAISE), upi: '9876543210@ybl' }),
    ]);
    expect(refund.statusCode, refund.body).toBe(201);
    const balances = await t.database.db
      .selectFrom('creators')
      .select(['walletBalancePaise', 'receivablePaise'])
      .where('userId', '=', cast.creator.id)
      .executeTakeFirstOrThrow();
    if (withdrawal.statusCode === 201) {
      // The withdrawal took the wallet first: the refund became what she owes.
      expect(balances).toEqual({ walletBalancePaise: 0, receivablePaise: CREDIT_PAISE });
    } else {
      expect(balances).toEqual({ walletBalancePaise: 0, receivablePaise: 0 });
    }
    await letRefundsRun(t);
  });
});

describe('the creator refunds a sale of her own', () => {
  it('within 7 days, from her wallet; not someone else’s, not later, not more than her wallet holds', async () => {
    const cast = await paidOrder(t);
    const stranger = await sellerAndFan(t.app);
    expect(
      (await postCreatorRefund(t.app, stranger.creator.cookie, { orderId: cast.order.order_id, reason: 'Not mine' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await postCreatorRefund(t.app, cast.fan.cookie, { orderId: cast.order.order_id, reason: 'A fan' })).statusCode,
    ).toBe(404);
    expect(
      (await postCreatorRefund(t.app, undefined, { orderId: cast.order.order_id, reason: 'Nobody' })).statusCode,
    ).toBe(401);

    const history = (await wallet(t.app, cast.creator.cookie)).history;
    expect(history[0]).toMatchObject({ kind: 'sale', refundable: true });
    const response = await postCreatorRefund(t.app, cast.creator.cookie, {
      orderId: cast.order.order_id,
      reason: 'Wrong file uploaded',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ refund: Refund }>().refund).toMatchObject({
      reason: 'creator',
      note: null,
      amountPaise: PRICE,
    });
    expect(await walletOf(t.database, cast.creator.id)).toBe(0);
    await letRefundsRun(t);
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]).toMatchObject({
      status: 'refunded',
      refund: { reason: 'creator', note: null },
    });

    // A double tap refunds once.
    const twice = await paidOrder(t);
    const taps = await Promise.all(
      [1, 2].map(() =>
        postCreatorRefund(t.app, twice.creator.cookie, { orderId: twice.order.order_id, reason: 'Tapped twice' }),
      ),
    );
    expect(taps.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await walletOf(t.database, twice.creator.id)).toBe(0);

    // Past 7 days she cannot; and with her wallet withdrawn she cannot either.
    const late = await paidOrder(t);
    t.clock.advance(7 * DAY + 60_000);
    const tooLate = await postCreatorRefund(t.app, late.creator.cookie, {
      orderId: late.order.order_id,
      reason: 'Too late now',
    });
    expect(tooLate.statusCode).toBe(409);
    expect(errorOf(tooLate).message).toContain('within 7 days');

    const spent = await paidOrder(t, PRICE_PAISE);
    await withdraw(t.app, spent.creator.cookie, CREDIT_PAISE);
    const short = await postCreatorRefund(t.app, spent.creator.cookie, {
      orderId: spent.order.order_id,
      reason: 'Wallet empty',
    });
    expect(short.statusCode).toBe(409);
    expect(errorOf(short).message).toBe('Refunding this sale takes ₹1,424.05 from your wallet, which has ₹0.');
    expect(await refundRow(t, spent.order.order_id)).toBeUndefined();
  });
});

describe('payments that buy nothing go back by themselves', () => {
  it('a second payment for an item the fan already holds (two checkouts open at once)', async () => {
    const cast = await sellerAndFan(t.app);
    const first = await createOrder(t.app, cast.fan.cookie, cast.item.id);
    // Past the 10 minutes in which a second click gets the same order back.
    t.clock.advance(11 * 60_000);
    const second = await createOrder(t.app, cast.fan.cookie, cast.item.id);
    expect(second.order_id).not.toBe(first.order_id);
    await payInSimulator(t.app, first.payment_session_id);
    await payInSimulator(t.app, second.payment_session_id);

    expect(await refundRow(t, second.order_id)).toMatchObject({
      reason: 'already_unlocked',
      feePaise: 0,
      fromWalletPaise: 0,
    });
    expect(await refundRow(t, first.order_id)).toBeUndefined();
    expect(await walletOf(t.database, cast.creator.id)).toBe(SHARE);
    await letRefundsRun(t);
    expect(await refundRow(t, second.order_id)).toMatchObject({ status: 'SUCCESS' });
    const purchases = await purchasesOf(t.app, cast.fan.cookie);
    expect(purchases.map((one) => [one.orderId, one.status])).toEqual([
      [second.order_id, 'refunded'],
      [first.order_id, 'paid'],
    ]);
    const mail = await mailsTo(t, cast.fan.email, 'Refund of');
    expect(mail.at(-1)?.text).toContain('A second payment for an item already unlocked');
  });

  it('a payment for an item whose files are gone', async () => {
    const cast = await sellerAndFan(t.app);
    const order = await createOrder(t.app, cast.fan.cookie, cast.item.id);
    await t.database.db
      .updateTable('contents')
      .set({ deletedAt: t.clock.now(), filesRemovedAt: t.clock.now() })
      .where('id', '=', cast.item.id)
      .execute();
    await payInSimulator(t.app, order.payment_session_id);
    expect(await refundRow(t, order.order_id)).toMatchObject({ reason: 'paid_for_removed_item', status: 'PENDING' });
    await letRefundsRun(t);
    expect(await refundRow(t, order.order_id)).toMatchObject({ status: 'SUCCESS' });
    expect(await walletOf(t.database, cast.creator.id)).toBe(0);
  });

  it('a late payment for an item repriced since its checkout expired', async () => {
    const cast = await sellerAndFan(t.app);
    setControls(t.app, { expireOrdersAfterMs: 60_000, lateSuccessAfterExpiryMs: 5 * 60_000 });
    const order = await createOrder(t.app, cast.fan.cookie, cast.item.id);
    await payInSimulator(t.app, order.payment_session_id, 'SUCCESS_LATE');
    // The checkout expires, and the fan's order with it.
    t.clock.advance(2 * 60_000);
    await t.database.db
      .updateTable('orders')
      .set({ status: 'EXPIRED', failureReason: 'expired' })
      .where('id', '=', order.order_id)
      .execute();
    await t.database.db.updateTable('contents').set({ pricePaise: 19_900 }).where('id', '=', cast.item.id).execute();
    t.clock.advance(5 * 60_000);
    await simulatorOf(t.app).runDue();
    expect(await refundRow(t, order.order_id)).toMatchObject({ reason: 'late_payment' });
    await letRefundsRun(t);
    expect(await refundRow(t, order.order_id)).toMatchObject({ status: 'SUCCESS' });
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]).toMatchObject({ status: 'refunded' });
  });

  it('an item the admin takes down refunds every fan whose access still runs, and tells them why', async () => {
    const cast = await paidOrder(t);
    const fan2 = await newFan(t.app, 'Kabir Singh');
    const order2 = await createOrder(t.app, fan2.cookie, cast.item.id);
    await payInSimulator(t.app, order2.payment_session_id);
    // One whose 14 days are over is not refunded.
    const other = await uploadItem(t.app, cast.creator.cookie, { title: 'Backwaters at dawn' });
    expect(other.id).toBeTruthy();

    const preview = await getJson<{ fans: number; amountPaise: number }>(
      t.app,
      `/api/admin/contents/refund-preview?id=${cast.item.id}`,
      admin,
    );
    expect(preview).toEqual({ fans: 2, amountPaise: 2 * PRICE });
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contents/hide',
      headers: { cookie: admin },
      payload: { id: cast.item.id, reason: 'Shows a person who did not agree to it' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await refundRow(t, cast.order.order_id)).toMatchObject({
      reason: 'item_removed',
      note: 'Shows a person who did not agree to it',
    });
    expect(await refundRow(t, order2.order_id)).toMatchObject({ reason: 'item_removed' });
    expect(await walletOf(t.database, cast.creator.id)).toBe(0);
    await letRefundsRun(t);
    const mail = await mailsTo(t, fan2.email, 'Refund of');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(
      'The item was removed for breaking Kholo’s rules: Shows a person who did not agree to it',
    );
    expect((await purchasesOf(t.app, fan2.cookie))[0]).toMatchObject({
      status: 'refunded',
      refund: { reason: 'item_removed', note: 'Shows a person who did not agree to it' },
    });
    expect(await getJson(t.app, `/api/admin/contents/refund-preview?id=${cast.item.id}`, admin)).toEqual({
      fans: 0,
      amountPaise: 0,
    });
  });
});
