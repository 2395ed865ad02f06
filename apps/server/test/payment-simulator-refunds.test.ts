import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { istTimestamp } from '../src/providers/payments/cashfree-gateway.js';
import { type NewGatewayRefund, PaymentGatewayError } from '../src/providers/payments/payment-gateway.js';
import { selfTransport } from '../src/providers/payments/self-transport.js';
import { createSimulatorOrdersRepository } from '../src/providers/payments/simulator/simulator-orders-repository.js';
import { defaultControls, SimulatorStore } from '../src/providers/payments/simulator/simulator-store.js';
import { refundWebhook } from '../src/providers/payments/webhook-events.js';
import { simulatorHarness, type SimulatorHarness } from './payment-simulator-harness.js';

/**
 * Refunds at the simulator (reference-2 §2.9) through the real adapter: created PENDING, answered
 * by the bank on the clock (refundSettleAfterMs), announced with a signed REFUND_STATUS_WEBHOOK,
 * and never made twice for one refund id. Webhooks are caught as they leave the simulator.
 */
let h: SimulatorHarness;
beforeAll(async () => {
  h = await simulatorHarness();
});
beforeEach(async () => {
  h.simulator.controls = { ...defaultControls(), webhookRetryDelaysMs: [] };
  // Whatever an earlier test left due is done before this one starts.
  h.clock.advance(24 * 60 * 60_000);
  await h.simulator.runDue();
  h.webhooks.length = 0;
  h.webhookAnswers.length = 0;
});
afterAll(() => h.close());

const SETTLE_MS = 3000;
let refunds = 0;
function refundOf(orderId: string, changes: Partial<NewGatewayRefund> = {}): NewGatewayRefund {
  refunds += 1;
  return {
    orderId,
    refundId: `rf_${orderId}_${String(refunds)}`,
    amountPaise: 14_900,
    note: 'creator request',
    ...changes,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const caught: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  expect(caught).toBeInstanceOf(PaymentGatewayError);
  return caught as PaymentGatewayError;
}

const storedRefunds = async (orderId: string) => (await h.simulator.store.get(orderId))?.refunds ?? [];

describe('a refund, from PENDING to the bank’s answer', () => {
  it('is PENDING at first, SUCCESS with an ARN once the bank answers, and its signed webhook goes out once', async () => {
    const { gateway, calls } = h.adapter();
    const orderId = await h.paidOrder();
    const request = refundOf(orderId, { amountPaise: 4_950 });
    const createdAt = h.clock.now();
    const created = await gateway.createRefund(request);
    expect(created).toEqual({
      orderId,
      refundId: request.refundId,
      providerRefundId: expect.stringMatching(/^\d+$/),
      status: 'PENDING',
      amountPaise: 4_950,
      arn: null,
      description: 'In Progress',
      processedAt: null,
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `/orders/${orderId}/refunds`,
        body: `{"refund_amount":49.5,"refund_id":"${request.refundId}","refund_note":"creator request","refund_speed":"STANDARD"}`,
      },
    ]);
    const raw = await h.pg('GET', `/orders/${orderId}/refunds/${request.refundId}`);
    const payment = (await h.simulator.store.get(orderId))!.payments[0]!;
    expect(raw.json()).toEqual({
      cf_payment_id: payment.cfPaymentId,
      cf_refund_id: created.providerRefundId,
      order_id: orderId,
      refund_id: request.refundId,
      entity: 'refund',
      refund_amount: 49.5,
      refund_currency: 'INR',
      refund_note: 'creator request',
      refund_status: 'PENDING',
      refund_arn: null,
      refund_charge: 0,
      status_description: 'In Progress',
      metadata: null,
      refund_splits: [],
      refund_type: 'MERCHANT_INITIATED',
      refund_mode: 'STANDARD',
      created_at: istTimestamp(createdAt),
      processed_at: null,
      refund_speed: { requested: 'STANDARD', accepted: 'STANDARD', processed: null, message: null },
    });

    h.clock.advance(SETTLE_MS - 1);
    expect((await gateway.getRefund(orderId, request.refundId)).status).toBe('PENDING');
    expect(await h.simulator.runDue()).toMatchObject({ refundsSettled: 0 });
    h.clock.advance(1);
    // Reads show the bank's answer as soon as it is due, before anyone ran the due work.
    const settled = await gateway.getRefund(orderId, request.refundId);
    expect(settled).toEqual({
      ...created,
      status: 'SUCCESS',
      arn: expect.stringMatching(/^\d{12}$/),
      description: 'Refund processed successfully',
      processedAt: createdAt + SETTLE_MS,
    });
    expect(h.webhooks).toEqual([]);
    expect(await h.simulator.runDue()).toEqual({
      attemptsSettled: 0,
      refundsSettled: 1,
      disputesLapsed: 0,
      webhooksRetried: 0,
    });
    // The ARN drawn when the answer was first shown is the one recorded.
    expect((await gateway.getRefund(orderId, request.refundId)).arn).toBe(settled.arn);

    const [webhook, ...more] = h.delivered('REFUND_STATUS_WEBHOOK');
    expect(more).toEqual([]);
    expect(webhook?.url).toBe('/api/payment/webhook');
    expect(webhook?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-webhook-version': '2025-01-01',
      'x-webhook-attempt': '1',
      'x-idempotency-key': expect.any(String),
    });
    // Cashfree's webhook shape: integer ids, 2-decimal amounts, "Refund", flat speed fields.
    expect(webhook?.body).toContain(
      `"cf_refund_id":${created.providerRefundId!},"cf_payment_id":${payment.cfPaymentId},`,
    );
    expect(webhook?.body).toContain('"refund_amount":49.50,');
    expect(webhook?.body).toContain('"entity":"Refund"');
    expect(webhook?.body).toContain('"requested_speed":"STANDARD","processed_speed":"STANDARD","service_charge":0.00');
    expect(webhook?.payload).toMatchObject({
      type: 'REFUND_STATUS_WEBHOOK',
      event_time: istTimestamp(h.clock.now()),
      data: { refund: { processed_at: istTimestamp(createdAt + SETTLE_MS), refund_arn: settled.arn } },
    });
    expect(refundWebhook(webhook?.payload)).toEqual(settled);

    // Recorded once: nothing is due any more, and no second webhook.
    h.clock.advance(60 * 60_000);
    expect(await h.simulator.runDue()).toMatchObject({ refundsSettled: 0 });
    expect(h.webhooks).toHaveLength(1);
  });

  it('CANCELLED: the webhook says so, and the amount can be refunded again', async () => {
    h.simulator.controls.refundOutcome = 'CANCELLED';
    const { gateway } = h.adapter();
    const orderId = await h.paidOrder();
    const first = await gateway.createRefund(refundOf(orderId));
    h.clock.advance(SETTLE_MS);
    await h.simulator.runDue();
    const [webhook] = h.delivered('REFUND_STATUS_WEBHOOK');
    expect(refundWebhook(webhook?.payload)).toMatchObject({
      refundId: first.refundId,
      status: 'CANCELLED',
      arn: null,
      processedAt: null,
      amountPaise: 14_900,
    });
    expect((await gateway.getRefund(orderId, first.refundId)).status).toBe('CANCELLED');

    h.simulator.controls.refundOutcome = 'SUCCESS';
    const second = await gateway.createRefund(refundOf(orderId));
    expect(second.status).toBe('PENDING');
  });

  it('ONHOLD stays on hold, and PENDING never finishes; Cashfree sends no webhook for either', async () => {
    const { gateway } = h.adapter();
    h.simulator.controls.refundOutcome = 'ONHOLD';
    const held = await gateway.createRefund(refundOf(await h.paidOrder()));
    h.simulator.controls.refundOutcome = 'PENDING';
    const stuck = await gateway.createRefund(refundOf(await h.paidOrder()));
    h.clock.advance(SETTLE_MS);
    expect(await h.simulator.runDue()).toMatchObject({ refundsSettled: 1 });
    h.clock.advance(30 * 24 * 60 * 60_000);
    expect(await h.simulator.runDue()).toMatchObject({ refundsSettled: 0 });
    expect((await gateway.getRefund(held.orderId, held.refundId)).status).toBe('ONHOLD');
    expect((await gateway.getRefund(stuck.orderId, stuck.refundId)).status).toBe('PENDING');
    expect(h.webhooks).toEqual([]);
  });

  it('refundSettleAfterMs sets when the bank answers', async () => {
    h.simulator.controls.refundSettleAfterMs = 10 * 60_000;
    const { gateway } = h.adapter();
    const refund = await gateway.createRefund(refundOf(await h.paidOrder()));
    h.clock.advance(10 * 60_000 - 1);
    expect((await gateway.getRefund(refund.orderId, refund.refundId)).status).toBe('PENDING');
    h.clock.advance(1);
    expect((await gateway.getRefund(refund.orderId, refund.refundId)).status).toBe('SUCCESS');
  });

  it('several partial refunds are listed in the order they were made', async () => {
    const { gateway } = h.adapter();
    const orderId = await h.paidOrder();
    const a = await gateway.createRefund(refundOf(orderId, { amountPaise: 4_000 }));
    h.clock.advance(SETTLE_MS);
    const b = await gateway.createRefund(refundOf(orderId, { amountPaise: 5_000 }));
    const list = await h.pg('GET', `/orders/${orderId}/refunds`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ refund_id: string; refund_status: string }[]>()).toEqual([
      expect.objectContaining({ refund_id: a.refundId, refund_status: 'SUCCESS', refund_amount: 40 }),
      expect.objectContaining({ refund_id: b.refundId, refund_status: 'PENDING', refund_amount: 50 }),
    ]);
    const none = await h.pg('GET', `/orders/${await h.paidOrder()}/refunds`);
    expect(none.json()).toEqual([]);
  });
});

describe('one refund per refund id', () => {
  it('a repeat with the same id and amount answers the refund already made', async () => {
    const { gateway, calls } = h.adapter();
    const orderId = await h.paidOrder();
    const request = refundOf(orderId);
    const first = await gateway.createRefund(request);
    h.clock.advance(SETTLE_MS);
    const again = await gateway.createRefund(request);
    expect(again).toMatchObject({ providerRefundId: first.providerRefundId, status: 'SUCCESS' });
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST']);
    expect(await storedRefunds(orderId)).toHaveLength(1);
  });

  it('when Cashfree refuses the repeat instead (duplicateRefund: error), the adapter finds the refund', async () => {
    h.simulator.controls.duplicateRefund = 'error';
    const { gateway, calls } = h.adapter();
    const orderId = await h.paidOrder();
    const request = refundOf(orderId);
    const first = await gateway.createRefund(request);
    const again = await gateway.createRefund(request);
    expect(again.providerRefundId).toBe(first.providerRefundId);
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'GET']);
    const raw = await h.pg('POST', `/orders/${orderId}/refunds`, {
      refund_id: request.refundId,
      refund_amount: 149,
      refund_note: 'creator request',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ code: 'refund_id_already_exists', type: 'invalid_request_error' });
    expect(await storedRefunds(orderId)).toHaveLength(1);
  });

  it('the same id with another amount is refused (rejected), and nothing more is refunded', async () => {
    const { gateway } = h.adapter();
    const orderId = await h.paidOrder();
    const request = refundOf(orderId, { amountPaise: 5_000 });
    await gateway.createRefund(request);
    const refused = await failureOf(gateway.createRefund({ ...request, amountPaise: 6_000 }));
    expect(refused.kind).toBe('rejected');
    expect(refused.details).toMatchObject({ status: 400, code: 'refund_id_already_exists' });
    expect((await storedRefunds(orderId)).map((refund) => refund.amountPaise)).toEqual([5_000]);
  });

  it('an answer lost after the refund was made (failAfterRefundCreate): the retry finds it, one refund', async () => {
    h.simulator.controls.failAfterRefundCreate = 1;
    const { gateway, calls } = h.adapter();
    const orderId = await h.paidOrder();
    const request = refundOf(orderId);
    const refund = await gateway.createRefund(request);
    expect(refund).toMatchObject({ refundId: request.refundId, status: 'PENDING', amountPaise: 14_900 });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST /orders/${orderId}/refunds`,
      `GET /orders/${orderId}/refunds/${request.refundId}`,
    ]);
    expect(await storedRefunds(orderId)).toEqual([expect.objectContaining({ cfRefundId: refund.providerRefundId })]);
    expect(h.simulator.controls.failAfterRefundCreate).toBe(0);
  });

  it('every answer lost: the adapter gives up as unavailable, and still only one refund was made', async () => {
    h.simulator.controls.failAfterRefundCreate = 3;
    const { gateway, calls } = h.adapter();
    const orderId = await h.paidOrder();
    const request = refundOf(orderId);
    // The look-ups fail too (an outage), so the adapter sends the create again each time.
    const failing = h.adapter({
      transport: (url, init) => {
        if (init.method === 'GET') return Promise.resolve(Response.json({ type: 'api_error' }, { status: 503 }));
        return selfTransport(h.app)(url, init);
      },
    });
    expect((await failureOf(failing.gateway.createRefund(request))).kind).toBe('unavailable');
    expect(await storedRefunds(orderId)).toHaveLength(1);
    // Later, the caller asks again and gets the one refund.
    expect((await gateway.createRefund(request)).refundId).toBe(request.refundId);
    expect(calls).toHaveLength(1);
    expect(await storedRefunds(orderId)).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('more than is left to refund is rejected (refund_amount_invalid); the exact remainder is not', async () => {
    const { gateway } = h.adapter();
    const orderId = await h.paidOrder();
    await gateway.createRefund(refundOf(orderId, { amountPaise: 10_000 }));
    const over = await failureOf(gateway.createRefund(refundOf(orderId, { amountPaise: 4_901 })));
    expect(over.kind).toBe('rejected');
    expect(over.details).toMatchObject({ status: 400, code: 'refund_amount_invalid', type: 'invalid_request_error' });
    expect((await gateway.createRefund(refundOf(orderId, { amountPaise: 4_900 }))).status).toBe('PENDING');
    expect((await failureOf(gateway.createRefund(refundOf(orderId, { amountPaise: 1 })))).kind).toBe('rejected');
    // An ONHOLD refund still holds its money.
    h.simulator.controls.refundOutcome = 'ONHOLD';
    const other = await h.paidOrder();
    await gateway.createRefund(refundOf(other));
    h.clock.advance(SETTLE_MS);
    expect((await failureOf(gateway.createRefund(refundOf(other, { amountPaise: 100 })))).kind).toBe('rejected');
  });

  it('an unpaid order is rejected (400 request_failed)', async () => {
    const { gateway } = h.adapter();
    const orderId = await h.openOrder();
    await h.simulator.store.pay(orderId, 'upi', 'FAILED');
    const unpaid = await failureOf(gateway.createRefund(refundOf(orderId)));
    expect(unpaid.kind).toBe('rejected');
    expect(unpaid.details).toEqual({ status: 400, code: 'request_failed', type: 'invalid_request_error' });
    expect(await storedRefunds(orderId)).toEqual([]);
  });

  it('an unknown order is not_found, whether Cashfree answers 404 or 400', async () => {
    const { gateway } = h.adapter();
    const unknown = await failureOf(gateway.createRefund(refundOf('kh_never_made')));
    expect(unknown.kind).toBe('not_found');
    expect(unknown.details).toMatchObject({ status: 404, code: 'order_not_found' });
    expect((await failureOf(gateway.getRefund('kh_never_made', 'rf_1'))).kind).toBe('not_found');
    h.simulator.controls.unknownOrderAs400 = true;
    const as400 = await failureOf(gateway.createRefund(refundOf('kh_never_made')));
    expect(as400.kind).toBe('not_found');
    expect(as400.details).toMatchObject({ status: 400, code: 'order_not_found' });
    expect((await failureOf(gateway.getRefund('kh_never_made', 'rf_1'))).kind).toBe('not_found');
    const list = await h.pg('GET', '/orders/kh_never_made/refunds');
    expect(list.statusCode).toBe(400);
  });

  it('a refund id the order does not have is not_found (404 refund_not_found)', async () => {
    const { gateway } = h.adapter();
    const orderId = await h.paidOrder();
    expect((await failureOf(gateway.getRefund(orderId, 'rf_nothing'))).kind).toBe('not_found');
    const raw = await h.pg('GET', `/orders/${orderId}/refunds/rf_nothing`);
    expect(raw.statusCode).toBe(404);
    expect(raw.json()).toMatchObject({ code: 'refund_not_found', type: 'invalid_request_error' });
  });

  it.each([
    [{ refund_id: 'rf', refund_amount: 1 }, 'refund_id_invalid'],
    [{ refund_id: `rf_${'x'.repeat(38)}`, refund_amount: 1 }, 'refund_id_invalid'],
    [{ refund_id: 'rf has space', refund_amount: 1 }, 'refund_id_invalid'],
    [{ refund_id: 'rf_ok-1', refund_amount: 0 }, 'refund_amount_invalid'],
    [{ refund_id: 'rf_ok-1', refund_amount: -5 }, 'refund_amount_invalid'],
    [{ refund_id: 'rf_ok-1', refund_amount: 1.005 }, 'refund_amount_invalid'],
    [{ refund_id: 'rf_ok-1', refund_amount: '10' }, 'refund_amount_invalid'],
    [{ refund_id: 'rf_ok-1', refund_amount: 1, refund_note: 'no' }, 'refund_note_invalid'],
    [{ refund_id: 'rf_ok-1', refund_amount: 1, refund_note: 'n'.repeat(101) }, 'refund_note_invalid'],
    [{ refund_id: 'rf_ok-1', refund_amount: 1, refund_speed: 'FAST' }, 'refund_speed_invalid'],
  ])('refuses %j with 400 %s, as Cashfree validates it', async (body, code) => {
    const orderId = await h.paidOrder();
    const response = await h.pg('POST', `/orders/${orderId}/refunds`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, type: 'invalid_request_error' });
    expect(await storedRefunds(orderId)).toEqual([]);
  });

  it('INSTANT is accepted for a card or UPI payment, and falls back to STANDARD for net banking', async () => {
    const card = await h.paidOrder(14_900, 'card');
    const bank = await h.paidOrder(14_900, 'netbanking');
    const body = { refund_id: 'rf_instant_1', refund_amount: 10, refund_speed: 'INSTANT' };
    const fast = await h.pg('POST', `/orders/${card}/refunds`, body);
    expect(fast.json()).toMatchObject({
      refund_mode: 'INSTANT',
      refund_note: null,
      refund_speed: { requested: 'INSTANT', accepted: 'INSTANT', processed: null, message: null },
    });
    const slow = await h.pg('POST', `/orders/${bank}/refunds`, body);
    expect(slow.json()).toMatchObject({
      refund_mode: 'STANDARD',
      refund_speed: { requested: 'INSTANT', accepted: 'STANDARD', message: 'instant refund not available' },
    });
  });
});

describe('Cashfree’s guards on the refund routes', () => {
  it.each([
    ['POST', '/orders/kh_x/refunds'],
    ['GET', '/orders/kh_x/refunds'],
    ['GET', '/orders/kh_x/refunds/rf_1'],
    ['GET', '/disputes/123456789'],
    ['GET', '/orders/kh_x/disputes'],
  ] as const)('%s %s: no keys → 401, a wrong secret → 401, no or an unknown version → 400', async (method, path) => {
    const body = method === 'POST' ? { refund_id: 'rf_1_x', refund_amount: 1 } : undefined;
    for (const headers of [
      { 'x-client-id': undefined, 'x-client-secret': undefined },
      { 'x-client-secret': 'wrong' },
    ]) {
      const refused = await h.pg(method, path, body, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ type: 'authentication_error' });
    }
    for (const version of [undefined, '2020-01-01']) {
      const refused = await h.pg(method, path, body, { 'x-api-version': version });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'version_missing' });
    }
  });

  it('the fault switches apply: an outage before the create makes nothing, and the adapter retries it', async () => {
    h.simulator.controls.failNextRequests = 1;
    const { gateway, calls } = h.adapter();
    const orderId = await h.paidOrder();
    const refund = await gateway.createRefund(refundOf(orderId));
    // 503 (nothing made), look-up (none), the create again.
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET', 'POST']);
    expect(await storedRefunds(orderId)).toEqual([expect.objectContaining({ refundId: refund.refundId })]);
    h.simulator.controls.rateLimitNextRequests = 1;
    expect((await failureOf(gateway.createRefund(refundOf(orderId, { amountPaise: 1 })))).kind).toBe('rate_limited');
  });
});

describe('refund webhooks follow the switches', () => {
  async function settledRefund() {
    const { gateway } = h.adapter();
    const refund = await gateway.createRefund(refundOf(await h.paidOrder()));
    h.clock.advance(SETTLE_MS);
    await h.simulator.runDue();
    return refund;
  }

  it('dropWebhooks sends none; the refund is still SUCCESS for whoever asks', async () => {
    h.simulator.controls.dropWebhooks = true;
    const refund = await settledRefund();
    expect(h.webhooks).toEqual([]);
    expect((await h.adapter().gateway.getRefund(refund.orderId, refund.refundId)).status).toBe('SUCCESS');
  });

  it('duplicateWebhooks sends copies with one idempotency key; tamperWebhooks signs with the wrong key', async () => {
    h.simulator.controls.duplicateWebhooks = 2;
    await settledRefund();
    const copies = h.delivered('REFUND_STATUS_WEBHOOK');
    expect(copies).toHaveLength(3);
    expect(new Set(copies.map((copy) => copy.headers['x-idempotency-key'])).size).toBe(1);
    expect(new Set(copies.map((copy) => copy.body)).size).toBe(1);

    h.webhooks.length = 0;
    h.simulator.controls = { ...h.simulator.controls, duplicateWebhooks: 0, tamperWebhooks: true };
    await settledRefund();
    expect(h.webhooks).toHaveLength(1);
    expect(() => h.delivered('REFUND_STATUS_WEBHOOK')).toThrow();
  });

  it('a refused delivery is retried on the schedule', async () => {
    h.simulator.controls.webhookRetryDelaysMs = [2 * 60_000];
    h.webhookAnswers.push(500);
    await settledRefund();
    expect(h.webhooks).toHaveLength(1);
    h.clock.advance(2 * 60_000);
    expect(await h.simulator.runDue()).toMatchObject({ refundsSettled: 0, webhooksRetried: 1 });
    const [first, retry] = h.delivered('REFUND_STATUS_WEBHOOK');
    expect(retry?.headers['x-webhook-attempt']).toBe('2');
    expect(retry?.body).toBe(first?.body);
  });
});

describe('refunds in the database, shared by every process', () => {
  const otherProcess = () => new SimulatorStore(createSimulatorOrdersRepository(h.database.db), () => h.clock.now());

  it('a refund the bank answered is recorded, and announced, by one process only', async () => {
    const { gateway } = h.adapter();
    await gateway.createRefund(refundOf(await h.paidOrder()));
    h.clock.advance(SETTLE_MS);
    const [mine, theirs] = await Promise.all([h.simulator.store.settleDue(), otherProcess().settleDue()]);
    expect(mine.refunds.length + theirs.refunds.length).toBe(1);
  });

  it('two refunds racing on one order are both recorded, and never more than was paid', async () => {
    const orderId = await h.paidOrder();
    const stores = [h.simulator.store, otherProcess(), h.simulator.store, otherProcess()];
    const options = { outcome: 'SUCCESS', settleAfterMs: SETTLE_MS, duplicate: 'replay' } as const;
    const results = await Promise.all(
      stores.map((store, i) =>
        store.createRefund(orderId, { refund_id: `rf_race_${String(i)}`, refund_amount: 50 }, options),
      ),
    );
    expect(results.map((result) => result.kind).sort()).toEqual(['created', 'created', 'refused', 'refused']);
    expect((await storedRefunds(orderId)).map((refund) => refund.amountPaise)).toEqual([5_000, 5_000]);
  });

  it('an order stored before refunds existed still reads, and can be refunded', async () => {
    const orderId = await h.paidOrder();
    const repository = createSimulatorOrdersRepository(h.database.db);
    const row = await repository.findById(orderId);
    const { refunds: _refunds, disputes: _disputes, ...older } = JSON.parse(row!.state) as Record<string, unknown>;
    expect(await repository.updateStateIfVersion(orderId, row!.version, JSON.stringify(older))).toBe(true);
    expect(await h.simulator.store.get(orderId)).toMatchObject({ status: 'PAID', refunds: [], disputes: [] });
    expect((await h.adapter().gateway.createRefund(refundOf(orderId))).status).toBe('PENDING');
  });
});
