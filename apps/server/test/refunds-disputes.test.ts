import type {
  AdminDispute,
  AdminPayment,
  AdminProblemReport,
  ContentDetail,
  ProblemReport,
  WalletResponse,
} from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, freshIp } from './accounts-helpers.js';
import { PROBLEM_REPORT_RATE_LIMIT } from '../src/features/refunds/refunds-routes.js';
import { adminCookie, getAs, getFile, uploadItem } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  newFan,
  paidOrder,
  payInSimulator,
  resetSimulator,
  simulatorOf,
  walletOf,
} from './payments-helpers.js';
import {
  adminRefund,
  getJson,
  ledgerKinds,
  letRefundsRun,
  postAdminRefund,
  postCloseReport,
  postCreatorRefund,
  postReport,
  postRetry,
  purchasesOf,
  refundRow,
} from './refunds-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { CREDIT_PAISE, emailOf, mailsTo, PRICE_PAISE, wallet, withdraw } from './withdrawals-helpers.js';

const PRICE = 14_900;
const SHARE = 14_155;
const HOUR = 60 * 60_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCookie(t.app);
});
beforeEach(() => {
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

async function report(cookie: string, orderId: string, message = 'The video stops after two seconds on my phone.') {
  const response = await postReport(t.app, cookie, { orderId, reason: 'not_working', message });
  if (response.statusCode !== 201) throw new Error(`report failed: ${response.statusCode} ${response.body}`);
  return response.json<{ report: ProblemReport }>().report;
}

describe('a fan reports a problem with a purchase', () => {
  it('gets a ticket by email; the admin sees it beside the order and refunds it in one step', async () => {
    const cast = await paidOrder(t);
    const [before] = await purchasesOf(t.app, cast.fan.cookie);
    expect(before).toMatchObject({ status: 'paid', canReport: true, report: null, paymentMethod: 'upi' });

    const ticket = await report(cast.fan.cookie, cast.order.order_id);
    expect(ticket).toMatchObject({ orderId: cast.order.order_id, status: 'OPEN', reason: 'not_working' });
    expect(ticket.ticket).toMatch(/^KH-\d{8}$/);
    const received = await mailsTo(t, cast.fan.email, `Ticket ${ticket.ticket}`);
    expect(received).toHaveLength(1);
    expect(received[0]?.text).toContain('reply by email within 24 hours');
    const [after] = await purchasesOf(t.app, cast.fan.cookie);
    expect(after).toMatchObject({ canReport: false, report: { ticket: ticket.ticket, status: 'OPEN' } });

    // Once per purchase.
    const again = await postReport(t.app, cast.fan.cookie, {
      orderId: cast.order.order_id,
      reason: 'other',
      message: 'Writing again about the same thing.',
    });
    expect(again.statusCode).toBe(409);

    const tickets = await getJson<{ items: AdminProblemReport[] }>(t.app, '/api/admin/problem-reports', admin);
    expect(tickets.items[0]).toMatchObject({ ticket: ticket.ticket, fanEmail: cast.fan.email, amountPaise: PRICE });
    const payments = await getJson<{ items: AdminPayment[] }>(t.app, '/api/admin/payments', admin);
    expect(payments.items.find((item) => item.id === cast.order.order_id)).toMatchObject({
      ticket: { id: ticket.ticket, status: 'OPEN' },
      refundable: true,
    });
    const overview = await getJson<{ counts: { openProblemReports: number } }>(t.app, '/api/admin/overview', admin);
    expect(overview.counts.openProblemReports).toBeGreaterThanOrEqual(1);

    const refund = await adminRefund(t.app, admin, cast.order.order_id, 'Sorry: the file was broken');
    expect(refund.reason).toBe('fan_problem');
    await letRefundsRun(t);
    const mail = await mailsTo(t, cast.fan.email, 'Refund of');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(`This answers your ticket ${ticket.ticket}.`);
    const [refunded] = await purchasesOf(t.app, cast.fan.cookie);
    expect(refunded).toMatchObject({ status: 'refunded', report: { status: 'REFUNDED' } });
  });

  it('an answer without a refund is emailed, and closes the ticket once', async () => {
    const cast = await paidOrder(t);
    const ticket = await report(cast.fan.cookie, cast.order.order_id);
    const closed = await postCloseReport(t.app, admin, {
      ticket: ticket.ticket,
      resolution: 'The file plays in Chrome; please update your browser.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ report: ProblemReport }>().report).toMatchObject({ status: 'CLOSED' });
    expect((await postCloseReport(t.app, admin, { ticket: ticket.ticket, resolution: 'Again' })).statusCode).toBe(409);
    const mail = await mailsTo(t, cast.fan.email, `Ticket ${ticket.ticket}: our answer`);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('please update your browser');
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]).toMatchObject({
      status: 'paid',
      report: { status: 'CLOSED' },
    });
  });

  it('a double-tapped Send opens one ticket; closing or retrying checks who asks and what they send', async () => {
    const cast = await paidOrder(t);
    const payload = {
      orderId: cast.order.order_id,
      reason: 'accidental',
      message: 'I tapped Unlock on the wrong item.',
    };
    const sent = await Promise.all([
      postReport(t.app, cast.fan.cookie, payload),
      postReport(t.app, cast.fan.cookie, payload),
    ]);
    expect(sent.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]?.report).toMatchObject({ status: 'OPEN' });
    expect(await mailsTo(t, cast.fan.email, 'Ticket KH-')).toHaveLength(1);

    const ticket = sent.find((response) => response.statusCode === 201)!.json<{ report: ProblemReport }>()
      .report.ticket;
    const answer = { ticket, resolution: 'It is the item you chose.' };
    expect((await postCloseReport(t.app, undefined, answer)).statusCode).toBe(401);
    expect((await postCloseReport(t.app, cast.fan.cookie, answer)).statusCode).toBe(403);
    for (const bad of [{}, { ticket }, { ticket, resolution: '' }, { ticket: 42, resolution: 'Some words' }]) {
      expect((await postCloseReport(t.app, admin, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const unknown = await postCloseReport(t.app, admin, { ticket: 'KH-00000000', resolution: 'Nobody asked' });
    expect(unknown.statusCode).toBe(409);
    expect(errorOf(unknown).message).toBe('There is no open ticket with that number.');
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]?.report).toMatchObject({ status: 'OPEN' });

    expect((await postRetry(t.app, admin, { id: 'rf_AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await postRetry(t.app, admin, {})).statusCode).toBe(400);
    expect((await postRetry(t.app, cast.fan.cookie, { id: 'rf_AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(403);
    expect((await getAs(t.app, '/api/admin/contents/refund-preview', admin)).statusCode).toBe(400);
  });

  it('ten reports an hour from one address, then 429 with nothing written', async () => {
    const cast = await paidOrder(t);
    const ip = freshIp();
    const invalid = { orderId: cast.order.order_id, reason: 'other', message: 'short' };
    for (let count = 0; count < PROBLEM_REPORT_RATE_LIMIT.max; count += 1) {
      expect((await postReport(t.app, cast.fan.cookie, invalid, ip)).statusCode).toBe(400);
    }
    const valid = { orderId: cast.order.order_id, reason: 'other', message: 'A real report, but too many.' };
    expect((await postReport(t.app, cast.fan.cookie, valid, ip)).statusCode).toBe(429);
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]?.report).toBeNull();
  });

  it('only within 24 hours, only her own paid purchase, with a reason and a message', async () => {
    const cast = await paidOrder(t);
    const other = await paidOrder(t);
    expect(
      (
        await postReport(t.app, other.fan.cookie, {
          orderId: cast.order.order_id,
          reason: 'other',
          message: 'Not my order at all.',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await postReport(t.app, undefined, { orderId: cast.order.order_id, reason: 'other', message: 'Who am I even?' }))
        .statusCode,
    ).toBe(401);
    for (const payload of [
      {},
      { orderId: cast.order.order_id, reason: 'bored', message: 'Long enough message.' },
      { orderId: cast.order.order_id, reason: 'other', message: 'short' },
      { orderId: cast.order.order_id, reason: 'other', message: 42 },
      { orderId: cast.order.order_id, reason: 'other', message: 'x'.repeat(2001) },
    ]) {
      const response = await postReport(t.app, cast.fan.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    t.clock.advance(24 * HOUR + 60_000);
    const late = await postReport(t.app, cast.fan.cookie, {
      orderId: cast.order.order_id,
      reason: 'other',
      message: 'A day later now.',
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(
      'A problem can be reported within 24 hours of paying. Write to support for an older purchase.',
    );
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]).toMatchObject({ status: 'paid', canReport: false });
  });
});

describe('disputes from the fan’s bank', () => {
  it('opened: access ends, her share is held, the admin is told with the respond-by date and the evidence', async () => {
    const cast = await paidOrder(t);
    // She opened what she bought: the evidence shows it.
    expect((await getFile(t.app, `/api/contents/${cast.item.id}/media`, cast.fan.cookie)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const dispute = await simulatorOf(t.app).openDispute({ orderId: cast.order.order_id, respondInHours: 72 });

    expect(
      (await getAs(t.app, `/api/contents/${cast.item.id}`, cast.fan.cookie)).json<ContentDetail>().item.access,
    ).toEqual({
      kind: 'locked',
      // Paused by her bank's dispute, not run out.
      accessEndedAt: null,
    });
    let seen: WalletResponse = await wallet(t.app, cast.creator.cookie);
    expect(seen).toMatchObject({ balancePaise: 0, heldPaise: SHARE, owedPaise: 0 });
    expect(seen.history[0]).toMatchObject({ kind: 'dispute', step: 'held', amountPaise: -SHARE, sharePaise: SHARE });
    expect(seen.history[1]).toMatchObject({ kind: 'sale', refundable: false });
    expect((await mailsTo(t, t.config.auth.adminEmail, `Dispute ${dispute.disputeId}`)).length).toBe(1);
    expect((await mailsTo(t, await emailOf(t.database, cast.creator.id), 'A fan’s bank disputes')).length).toBe(1);

    const { items } = await getJson<{ items: AdminDispute[] }>(t.app, '/api/admin/disputes', admin);
    const listed = items.find((item) => item.id === dispute.disputeId);
    expect(listed).toMatchObject({
      orderId: cast.order.order_id,
      state: 'OPEN',
      stage: 'CHARGEBACK',
      heldPaise: SHARE,
      respondBy: t.clock.now() + 72 * HOUR,
      evidence: { fanEmail: cast.fan.email, views: 1, refundedAt: null, paymentMethod: 'upi' },
    });
    expect(listed?.evidence.ipHash).toMatch(/^[0-9a-f]{16}$/);
    const logs = await getJson<{ events: { eventType: string; orderId: string | null; outcome: string }[] }>(
      t.app,
      '/api/admin/logs',
      admin,
    );
    expect(logs.events).toContainEqual(
      expect.objectContaining({ eventType: 'DISPUTE_CREATED', orderId: cast.order.order_id, outcome: 'held' }),
    );
    expect(listed?.evidence.firstViewedAt).toBe(listed?.evidence.lastViewedAt);

    // No refund on top of a dispute, by anyone.
    const refused = await postAdminRefund(t.app, admin, { orderId: cast.order.order_id, reason: 'Refund it anyway' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'The fan’s bank is disputing this payment: the dispute decides it, not a refund.',
    );
    expect(
      (await postCreatorRefund(t.app, cast.creator.cookie, { orderId: cast.order.order_id, reason: 'Mine to give' }))
        .statusCode,
    ).toBe(409);
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]).toMatchObject({ status: 'disputed' });

    // Won: the share is hers again.
    t.clock.advance(60_000);
    await simulatorOf(t.app).resolveDispute(dispute.disputeId, 'MERCHANT_WON');
    seen = await wallet(t.app, cast.creator.cookie);
    expect(seen).toMatchObject({ balancePaise: SHARE, heldPaise: 0 });
    expect(seen.history[0]).toMatchObject({ kind: 'dispute', step: 'released', amountPaise: SHARE });
    // The bank decided she paid: her access runs again to the end of her 14 days.
    expect(
      (await getAs(t.app, `/api/contents/${cast.item.id}`, cast.fan.cookie)).json<ContentDetail>().item.access,
    ).toMatchObject({
      kind: 'unlocked',
    });
    // A repeat of the closing webhook changes nothing.
    await simulatorOf(t.app).runDue();
    expect(await walletOf(t.database, cast.creator.id)).toBe(SHARE);
  });

  it('lost: the sale is reversed once from what was held, shown as taken back by the bank', async () => {
    const cast = await paidOrder(t);
    const dispute = await simulatorOf(t.app).openDispute({ orderId: cast.order.order_id });
    await simulatorOf(t.app).resolveDispute(dispute.disputeId, 'MERCHANT_LOST');
    expect(await refundRow(t, cast.order.order_id)).toMatchObject({
      reason: 'dispute_lost',
      viaBank: 1,
      status: 'SUCCESS',
      fromHeldPaise: SHARE,
      fromWalletPaise: 0,
      toReceivablePaise: 0,
    });
    expect((await ledgerKinds(t, cast.order.order_id)).sort()).toEqual(['dispute_hold', 'dispute_lost', 'sale']);
    expect(await wallet(t.app, cast.creator.cookie)).toMatchObject({ balancePaise: 0, heldPaise: 0, owedPaise: 0 });
    const item = await t.database.db
      .selectFrom('contents')
      .select('unlocks')
      .where('id', '=', cast.item.id)
      .executeTakeFirstOrThrow();
    expect(item.unlocks).toBe(0);
    expect((await purchasesOf(t.app, cast.fan.cookie))[0]).toMatchObject({
      status: 'refunded',
      refund: { viaBank: true },
    });
    // Nothing is sent to the provider for it.
    await letRefundsRun(t);
    expect((await simulatorOf(t.app).store.get(cast.order.order_id))?.refunds ?? []).toEqual([]);
  });

  it('with her wallet already withdrawn, what cannot be held is owed, and the release pays it back first', async () => {
    const cast = await paidOrder(t);
    // Her wallet is emptied by an admin adjustment standing in for a withdrawal already paid.
    const adjusted = await t.app.inject({
      method: 'POST',
      url: '/api/manual-wallet-update',
      headers: { cookie: admin },
      payload: { creatorId: cast.creator.id, amountPaise: -SHARE, reason: 'Paid out by hand' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const dispute = await simulatorOf(t.app).openDispute({ orderId: cast.order.order_id });
    expect(await wallet(t.app, cast.creator.cookie)).toMatchObject({
      balancePaise: 0,
      heldPaise: SHARE,
      owedPaise: SHARE,
    });

    // Won: the release pays what she owes first; nothing is left over, nothing negative.
    await simulatorOf(t.app).resolveDispute(dispute.disputeId, 'MERCHANT_WON');
    expect(await wallet(t.app, cast.creator.cookie)).toMatchObject({ balancePaise: 0, heldPaise: 0, owedPaise: 0 });
  });

  it('a payout asked for while a dispute is open waits for the admin (open claims)', async () => {
    const cast = await paidOrder(t, PRICE_PAISE);
    const fan = await newFan(t.app, 'Kabir Singh');
    const small = await uploadItem(t.app, cast.creator.cookie, { pricePaise: String(PRICE), title: 'Chai at dusk' });
    const order = await createOrder(t.app, fan.cookie, small.id);
    await payInSimulator(t.app, order.payment_session_id);
    t.clock.advance(60_000);
    await simulatorOf(t.app).openDispute({ orderId: order.order_id });
    expect(await wallet(t.app, cast.creator.cookie)).toMatchObject({ balancePaise: CREDIT_PAISE, heldPaise: SHARE });
    const asked = await withdraw(t.app, cast.creator.cookie, CREDIT_PAISE);
    expect(asked.withdrawal.status).toBe('REVIEW');
    expect(asked.withdrawal.reviewReasons).toContain('open_claims');
  });

  it('escalated after a win: held again; a dispute of an order already refunded holds nothing', async () => {
    const cast = await paidOrder(t);
    const dispute = await simulatorOf(t.app).openDispute({ orderId: cast.order.order_id });
    await simulatorOf(t.app).resolveDispute(dispute.disputeId, 'MERCHANT_WON');
    await simulatorOf(t.app).escalateDispute(dispute.disputeId);
    expect(await wallet(t.app, cast.creator.cookie)).toMatchObject({ balancePaise: 0, heldPaise: SHARE });
    await simulatorOf(t.app).resolveDispute(dispute.disputeId, 'MERCHANT_WON');
    expect(await walletOf(t.database, cast.creator.id)).toBe(SHARE);

    const refunded = await paidOrder(t);
    await adminRefund(t.app, admin, refunded.order.order_id);
    await letRefundsRun(t);
    const late = await simulatorOf(t.app).openDispute({ orderId: refunded.order.order_id });
    expect(await wallet(t.app, refunded.creator.cookie)).toMatchObject({ balancePaise: 0, heldPaise: 0, owedPaise: 0 });
    const { items } = await getJson<{ items: AdminDispute[] }>(t.app, '/api/admin/disputes', admin);
    expect(items.find((item) => item.id === late.disputeId)).toMatchObject({ heldPaise: 0, state: 'OPEN' });
    expect(items.find((item) => item.id === late.disputeId)?.evidence.refundedAt).not.toBeNull();
    // Lost anyway: nothing more is taken from her, and a person is told to contest it.
    await simulatorOf(t.app).resolveDispute(late.disputeId, 'MERCHANT_LOST');
    expect(await wallet(t.app, refunded.creator.cookie)).toMatchObject({ balancePaise: 0, heldPaise: 0, owedPaise: 0 });
  });

  it('the lists and routes are the admin’s only', async () => {
    const cast = await paidOrder(t);
    for (const url of [
      '/api/admin/disputes',
      '/api/admin/problem-reports',
      '/api/admin/contents/refund-preview?id=x',
    ]) {
      expect((await getAs(t.app, url, cast.fan.cookie)).statusCode).toBe(403);
      expect((await getAs(t.app, url, undefined)).statusCode).toBe(401);
    }
    expect((await getAs(t.app, '/api/purchases', undefined)).statusCode).toBe(401);
  });
});
