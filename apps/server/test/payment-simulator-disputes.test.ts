import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { istTimestamp } from '../src/providers/payments/cashfree-gateway.js';
import { PaymentGatewayError } from '../src/providers/payments/payment-gateway.js';
import { SimulatorRefusal } from '../src/providers/payments/simulator/payment-simulator.js';
import { createSimulatorOrdersRepository } from '../src/providers/payments/simulator/simulator-orders-repository.js';
import { defaultControls, SimulatorStore } from '../src/providers/payments/simulator/simulator-store.js';
import { disputeWebhook } from '../src/providers/payments/webhook-events.js';
import { signUp } from './accounts-helpers.js';
import { adminCookie } from './content-helpers.js';
import { ADMIN_HEADERS, simulatorHarness, type SimulatorHarness } from './payment-simulator-harness.js';
import { simulatorOf } from './payments-helpers.js';
import { buildTestApp } from './test-app.js';

/**
 * Disputes at the simulator (reference-2 §3.5): raised by the fan's bank (a test or the admin),
 * ruled on, escalated, or closed for want of an answer by respond_by, each with its signed
 * DISPUTE_* webhook, and read back through the real adapter's getDispute.
 */
let h: SimulatorHarness;
beforeAll(async () => {
  h = await simulatorHarness();
});
beforeEach(async () => {
  h.simulator.controls = { ...defaultControls(), webhookRetryDelaysMs: [] };
  // Disputes earlier tests left open close now, before this test looks at webhooks.
  h.clock.advance(31 * 24 * 60 * 60_000);
  await h.simulator.runDue();
  h.webhooks.length = 0;
});
afterAll(() => h.close());

const HOUR = 60 * 60_000;

async function refusalOf(promise: Promise<unknown>): Promise<SimulatorRefusal> {
  const caught: unknown = await promise.then(
    () => new Error('expected a refusal'),
    (reason: unknown) => reason,
  );
  expect(caught).toBeInstanceOf(SimulatorRefusal);
  return caught as SimulatorRefusal;
}

/** The dispute webhooks delivered so far, in order, each verified and read as Kholo's receiver will. */
function disputeEvents() {
  return h.webhooks
    .filter((webhook) => webhook.type.startsWith('DISPUTE_'))
    .map((webhook) => {
      const raw = h.verified(webhook);
      return { ...disputeWebhook(raw.payload)!, raw };
    });
}

describe('a dispute raised by the fan’s bank', () => {
  it('a chargeback by default: DISPUTE_CREATED in Cashfree’s shape, and the same dispute from getDispute', async () => {
    const orderId = await h.paidOrder(14_900);
    const order = (await h.simulator.store.get(orderId))!;
    const openedAt = h.clock.now();
    const dispute = await h.simulator.openDispute({ orderId });
    expect(dispute).toMatchObject({
      disputeId: expect.stringMatching(/^\d{9,10}$/),
      type: 'CHARGEBACK',
      status: 'CHARGEBACK_CREATED',
      amountPaise: 14_900,
      reasonCode: '13.6',
      reasonDescription: 'Credit not processed',
      respondBy: openedAt + 72 * HOUR,
    });
    expect(Number(dispute.disputeId)).toBeLessThan(2 ** 31);

    const [event, ...more] = disputeEvents();
    expect(more).toEqual([]);
    expect(event?.type).toBe('DISPUTE_CREATED');
    expect(event?.raw.headers).toMatchObject({
      'x-webhook-version': '2025-01-01',
      'x-idempotency-key': expect.any(String),
    });
    expect(event?.raw.body).toContain(`"dispute_id":"${dispute.disputeId}"`);
    expect(event?.raw.body).toContain('"dispute_amount":149.00,');
    expect(event?.raw.body).toContain(`"cf_payment_id":${order.payments[0]!.cfPaymentId},`);
    expect(event?.raw.payload).toMatchObject({
      type: 'DISPUTE_CREATED',
      event_time: istTimestamp(openedAt),
      data: {
        dispute: {
          dispute_status: 'CHARGEBACK_CREATED',
          respond_by: istTimestamp(openedAt + 72 * HOUR),
          cf_dispute_remarks: 'Dispute is created, please take action',
          dispute_action_on: 'MERCHANT',
        },
        order_details: { order_id: orderId, order_amount: 149, order_currency: 'INR', payment_amount: 149 },
        customer_details: {
          customer_name: 'Arjun Mehta',
          customer_phone: '9999999999',
          customer_email: 'arjun@example.com',
        },
      },
    });
    const expected = {
      disputeId: dispute.disputeId,
      orderId,
      stage: 'CHARGEBACK',
      status: 'CHARGEBACK_CREATED',
      amountPaise: 14_900,
      reasonCode: '13.6',
      reasonDescription: 'Credit not processed',
      respondBy: openedAt + 72 * HOUR,
      createdAt: openedAt,
      updatedAt: openedAt,
      resolvedAt: null,
    };
    expect(event?.dispute).toEqual(expected);
    const { gateway } = h.adapter();
    expect(await gateway.getDispute(dispute.disputeId)).toEqual(expected);

    const raw = await h.pg('GET', `/disputes/${dispute.disputeId}`);
    expect(raw.json()).toMatchObject({
      dispute_id: Number(dispute.disputeId),
      dispute_amount_currency: 'INR',
      preferred_evidence: [expect.objectContaining({ document_type: 'Proof of Service Used' })],
      dispute_evidence: [],
      order_details: { order_id: orderId, cf_payment_id: order.payments[0]!.cfPaymentId },
    });
    const list = await h.pg('GET', `/orders/${orderId}/disputes`);
    expect(list.json()).toEqual([raw.json()]);
  });

  it('takes its type, a part of the amount, a reason and a window when given', async () => {
    const orderId = await h.paidOrder(14_900);
    const dispute = await h.simulator.openDispute({
      orderId,
      type: 'DISPUTE',
      amountPaise: 5_000,
      reasonCode: '1402',
      reasonDescription: 'Duplicate Processing',
      respondInHours: 24,
    });
    expect(dispute).toMatchObject({ type: 'DISPUTE', status: 'DISPUTE_CREATED', amountPaise: 5_000 });
    expect(dispute.respondBy).toBe(h.clock.now() + 24 * HOUR);
    expect(disputeEvents()[0]?.dispute).toMatchObject({ stage: 'DISPUTE', amountPaise: 5_000, reasonCode: '1402' });
  });

  it('is refused on an unknown or unpaid order, for more than was paid, or with a malformed request', async () => {
    expect(await refusalOf(h.simulator.openDispute({ orderId: 'kh_never_made' }))).toMatchObject({
      status: 404,
      code: 'order_not_found',
    });
    const unpaid = await h.openOrder();
    expect(await refusalOf(h.simulator.openDispute({ orderId: unpaid }))).toMatchObject({
      status: 400,
      code: 'request_failed',
    });
    const paid = await h.paidOrder(14_900);
    expect(await refusalOf(h.simulator.openDispute({ orderId: paid, amountPaise: 14_901 }))).toMatchObject({
      status: 400,
      code: 'dispute_amount_invalid',
    });
    const typo = { orderId: paid, type: 'FRAUD' } as unknown as Parameters<typeof h.simulator.openDispute>[0];
    expect((await refusalOf(h.simulator.openDispute(typo))).status).toBe(400);
    expect(h.webhooks).toEqual([]);
    expect((await h.simulator.store.get(paid))?.disputes).toEqual([]);
  });

  it('an unknown dispute is not_found for the adapter, and refused by the controls', async () => {
    const { gateway } = h.adapter();
    const error = await gateway.getDispute('123456789').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect((error as PaymentGatewayError).kind).toBe('not_found');
    expect((await h.pg('GET', '/disputes/not-a-number')).statusCode).toBe(404);
    expect(await refusalOf(h.simulator.resolveDispute('123456789', 'MERCHANT_WON'))).toMatchObject({
      status: 404,
      code: 'dispute_not_found',
    });
    expect((await h.pg('GET', '/orders/kh_never_made/disputes')).statusCode).toBe(404);
    expect((await h.pg('GET', `/orders/${await h.paidOrder()}/disputes`)).json()).toEqual([]);
  });
});

describe('a dispute ruled on, escalated, or left unanswered', () => {
  it('resolve: DISPUTE_CLOSED with the outcome and when; a closed dispute cannot be ruled on again', async () => {
    const orderId = await h.paidOrder();
    const dispute = await h.simulator.openDispute({ orderId });
    h.clock.advance(HOUR);
    const won = await h.simulator.resolveDispute(dispute.disputeId, 'MERCHANT_WON');
    expect(won).toMatchObject({ status: 'CHARGEBACK_MERCHANT_WON', resolvedAt: h.clock.now() });
    const closed = disputeEvents()[1];
    expect(closed?.type).toBe('DISPUTE_CLOSED');
    expect(closed?.dispute).toMatchObject({
      disputeId: dispute.disputeId,
      status: 'CHARGEBACK_MERCHANT_WON',
      updatedAt: h.clock.now(),
      resolvedAt: h.clock.now(),
    });
    expect(closed?.raw.payload).toMatchObject({ data: { dispute: { dispute_action_on: null } } });
    expect(await h.adapter().gateway.getDispute(dispute.disputeId)).toMatchObject({
      status: 'CHARGEBACK_MERCHANT_WON',
      resolvedAt: h.clock.now(),
    });
    expect(await refusalOf(h.simulator.resolveDispute(dispute.disputeId, 'MERCHANT_LOST'))).toMatchObject({
      status: 400,
      code: 'dispute_already_closed',
    });

    const lost = await h.simulator.resolveDispute(
      (await h.simulator.openDispute({ orderId })).disputeId,
      'MERCHANT_LOST',
    );
    expect(lost.status).toBe('CHARGEBACK_MERCHANT_LOST');
    expect(disputeEvents().map((event) => event.type)).toEqual([
      'DISPUTE_CREATED',
      'DISPUTE_CLOSED',
      'DISPUTE_CREATED',
      'DISPUTE_CLOSED',
    ]);
  });

  it('escalate: DISPUTE_UPDATED on the same id, PRE_ARBITRATION then ARBITRATION, each with its own window', async () => {
    const orderId = await h.paidOrder();
    const chargeback = await h.simulator.openDispute({ orderId });
    await h.simulator.resolveDispute(chargeback.disputeId, 'MERCHANT_WON');
    h.clock.advance(HOUR);
    // The fan's bank can take it further even after the merchant won.
    const preArbitration = await h.simulator.escalateDispute(chargeback.disputeId);
    expect(preArbitration).toMatchObject({
      disputeId: chargeback.disputeId,
      type: 'PRE_ARBITRATION',
      status: 'PRE_ARBITRATION_CREATED',
      respondBy: h.clock.now() + 48 * HOUR,
      resolvedAt: null,
      createdAt: chargeback.createdAt,
    });
    const updated = disputeEvents().at(-1);
    expect(updated?.type).toBe('DISPUTE_UPDATED');
    expect(updated?.dispute).toMatchObject({
      disputeId: chargeback.disputeId,
      stage: 'PRE_ARBITRATION',
      status: 'PRE_ARBITRATION_CREATED',
      resolvedAt: null,
    });
    const arbitration = await h.simulator.escalateDispute(chargeback.disputeId, { respondInHours: 12 });
    expect(arbitration).toMatchObject({ type: 'ARBITRATION', status: 'ARBITRATION_CREATED' });
    expect(arbitration.respondBy).toBe(h.clock.now() + 12 * HOUR);
    expect(await refusalOf(h.simulator.escalateDispute(chargeback.disputeId))).toMatchObject({
      status: 400,
      code: 'dispute_not_escalable',
    });
    expect((await h.simulator.store.get(orderId))?.disputes).toHaveLength(1);

    // Once the fan has won, there is nothing to take further.
    const other = await h.simulator.openDispute({ orderId: await h.paidOrder() });
    await h.simulator.resolveDispute(other.disputeId, 'MERCHANT_LOST');
    expect(await refusalOf(h.simulator.escalateDispute(other.disputeId))).toMatchObject({
      code: 'dispute_already_closed',
    });
  });

  it('unanswered by respond_by: INSUFFICIENT_EVIDENCE (lost), read at once, DISPUTE_CLOSED from the due work, once', async () => {
    const orderId = await h.paidOrder();
    const dispute = await h.simulator.openDispute({ orderId, respondInHours: 72 });
    const { gateway } = h.adapter();
    h.clock.advance(72 * HOUR);
    // At respond_by the merchant is still in time.
    expect((await gateway.getDispute(dispute.disputeId)).status).toBe('CHARGEBACK_CREATED');
    expect(await h.simulator.runDue()).toMatchObject({ disputesLapsed: 0 });
    h.clock.advance(1);
    expect(await gateway.getDispute(dispute.disputeId)).toMatchObject({
      status: 'CHARGEBACK_INSUFFICIENT_EVIDENCE',
      resolvedAt: dispute.respondBy,
    });
    expect(await refusalOf(h.simulator.resolveDispute(dispute.disputeId, 'MERCHANT_WON'))).toMatchObject({
      code: 'dispute_already_closed',
    });
    expect(await h.simulator.runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 0,
      disputesLapsed: 1,
      webhooksRetried: 0,
    });
    const closed = disputeEvents().at(-1);
    expect(closed?.type).toBe('DISPUTE_CLOSED');
    expect(closed?.dispute).toMatchObject({
      status: 'CHARGEBACK_INSUFFICIENT_EVIDENCE',
      updatedAt: dispute.respondBy,
      resolvedAt: dispute.respondBy,
    });
    h.clock.advance(HOUR);
    expect(await h.simulator.runDue()).toMatchObject({ disputesLapsed: 0 });
    expect(disputeEvents()).toHaveLength(2);
  });

  it('an escalated stage lapses too, and is closed by one process only', async () => {
    const dispute = await h.simulator.openDispute({ orderId: await h.paidOrder() });
    await h.simulator.escalateDispute(dispute.disputeId);
    h.clock.advance(48 * HOUR + 1);
    const other = new SimulatorStore(createSimulatorOrdersRepository(h.database.db), () => h.clock.now());
    const [mine, theirs] = await Promise.all([h.simulator.store.settleDue(), other.settleDue()]);
    expect([...mine.disputes, ...theirs.disputes].map(({ dispute: one }) => one.status)).toEqual([
      'PRE_ARBITRATION_INSUFFICIENT_EVIDENCE',
    ]);
  });

  it('dispute webhooks follow the switches: dropped, duplicated with one idempotency key', async () => {
    const orderId = await h.paidOrder();
    h.simulator.controls.dropWebhooks = true;
    await h.simulator.openDispute({ orderId });
    expect(h.webhooks).toEqual([]);
    h.simulator.controls = { ...h.simulator.controls, dropWebhooks: false, duplicateWebhooks: 1 };
    await h.simulator.openDispute({ orderId });
    expect(h.webhooks).toHaveLength(2);
    expect(h.webhooks[0]?.headers['x-idempotency-key']).toBe(h.webhooks[1]?.headers['x-idempotency-key']);
  });
});

describe('the dispute controls over HTTP', () => {
  it('raise, rule on and escalate a dispute for whoever may change the switches', async () => {
    const orderId = await h.paidOrder();
    const post = (url: string, payload: object, headers: Record<string, string> = ADMIN_HEADERS) =>
      h.app.inject({ method: 'POST', url: `/__simulator${url}`, payload, headers });
    expect((await post('/disputes', { orderId }, {})).statusCode).toBe(403);
    expect(h.webhooks).toEqual([]);

    const opened = await post('/disputes', { orderId, type: 'RETRIEVAL', respondInHours: 48 });
    expect(opened.statusCode).toBe(200);
    const entity = opened.json<{ dispute_id: number; dispute_status: string }>();
    expect(entity).toMatchObject({ dispute_type: 'RETRIEVAL', dispute_status: 'RETRIEVAL_CREATED' });
    const id = String(entity.dispute_id);
    expect((await post(`/disputes/${id}/escalate`, {}, {})).statusCode).toBe(403);
    expect((await post(`/disputes/${id}/escalate`, {})).json()).toMatchObject({
      dispute_type: 'PRE_ARBITRATION',
      dispute_status: 'PRE_ARBITRATION_CREATED',
    });
    expect((await post(`/disputes/${id}/resolve`, { outcome: 'MAYBE' })).statusCode).toBe(400);
    const resolved = await post(`/disputes/${id}/resolve`, { outcome: 'MERCHANT_LOST' });
    expect(resolved.json()).toMatchObject({ dispute_status: 'PRE_ARBITRATION_MERCHANT_LOST' });
    const again = await post(`/disputes/${id}/resolve`, { outcome: 'MERCHANT_WON' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'dispute_already_closed', message: expect.any(String) });
    expect((await post('/disputes', { orderId: 'kh_never_made' })).statusCode).toBe(404);
    expect((await post('/disputes', { orderId, respondInHours: -1 })).statusCode).toBe(400);
    expect((await post('/disputes/999/resolve', { outcome: 'MERCHANT_WON' })).statusCode).toBe(404);
    expect(disputeEvents().map((event) => event.type)).toEqual([
      'DISPUTE_CREATED',
      'DISPUTE_UPDATED',
      'DISPUTE_CLOSED',
    ]);
  });
});

describe('in the app', () => {
  it('the dispute controls and the refund switches are the admin’s alone', async () => {
    const t = await buildTestApp();
    try {
      const fan = await signUp(t.app, { role: 'fan' });
      const admin = await adminCookie(t.app);
      const post = (url: string, payload: object, cookie?: string) =>
        t.app.inject({ method: 'POST', url, payload, headers: cookie === undefined ? {} : { cookie } });
      for (const url of [
        '/__simulator/disputes',
        '/__simulator/disputes/123456789/resolve',
        '/__simulator/disputes/1/escalate',
      ]) {
        expect((await post(url, { orderId: 'kh_x', outcome: 'MERCHANT_WON' })).statusCode).toBe(401);
        expect((await post(url, { orderId: 'kh_x', outcome: 'MERCHANT_WON' }, fan.cookie)).statusCode).toBe(403);
      }
      expect((await post('/__simulator/disputes', { orderId: 'kh_x' }, admin)).statusCode).toBe(404);

      const switches = {
        refundOutcome: 'CANCELLED',
        refundSettleAfterMs: 600_000,
        failAfterRefundCreate: 2,
        duplicateRefund: 'error',
      };
      expect((await post('/__simulator/controls', switches, fan.cookie)).statusCode).toBe(403);
      expect(simulatorOf(t.app).controls).toMatchObject({ refundOutcome: 'SUCCESS', failAfterRefundCreate: 0 });
      const changed = await post('/__simulator/controls', switches, admin);
      expect(changed.statusCode).toBe(200);
      expect(simulatorOf(t.app).controls).toMatchObject(switches);
      // Values out of range are ignored or capped.
      await post(
        '/__simulator/controls',
        { refundOutcome: 'FAILED', refundSettleAfterMs: 10 ** 12, duplicateRefund: 'x' },
        admin,
      );
      expect(simulatorOf(t.app).controls).toMatchObject({
        refundOutcome: 'CANCELLED',
        refundSettleAfterMs: 86_400_000,
        duplicateRefund: 'error',
      });
      const ran = await post('/__simulator/run-due', {}, admin);
      expect(ran.json()).toEqual({ attemptsSettled: 0, refundsSettled: 0, disputesLapsed: 0, webhooksRetried: 0 });
    } finally {
      await t.close();
    }
  });
});
