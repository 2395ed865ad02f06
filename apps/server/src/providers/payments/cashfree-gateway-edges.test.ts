import { describe, expect, it } from 'vitest';
import { createCashfreeGateway, type Transport } from './cashfree-gateway.js';
import { type NewGatewayOrder, PaymentGatewayError } from './payment-gateway.js';

/**
 * The adapter's answers to Cashfree's edge cases (contract check M3, M4, M5), over a scripted
 * transport: each request takes the next answer from the script, and every request is recorded.
 */
function scripted(answers: (() => Response)[]) {
  const calls: { method: string; url: string; idempotencyKey: string | null }[] = [];
  const transport: Transport = (url, init) => {
    calls.push({
      method: init.method ?? 'GET',
      url,
      idempotencyKey: new Headers(init.headers).get('x-idempotency-key'),
    });
    const next = answers.shift();
    if (next === undefined) throw new Error(`no answer scripted for ${init.method ?? 'GET'} ${url}`);
    return Promise.resolve(next());
  };
  const gateway = createCashfreeGateway({
    baseUrl: 'https://sandbox.cashfree.test/pg',
    clientId: 'id',
    clientSecret: 'secret',
    transport,
    timeoutMs: 1000,
    retryDelaysMs: [0, 0],
  });
  return { gateway, calls };
}

const ORDER_ID = 'kh_edge_1';
const orderBody = {
  order_id: ORDER_ID,
  order_status: 'ACTIVE',
  order_amount: 149,
  order_currency: 'INR',
  payment_session_id: 'session_1',
};
const ok = (body: unknown) => () => Response.json(body);
const error =
  (status: number, body: Record<string, string>, headers: Record<string, string> = {}) =>
  () =>
    Response.json(body, { status, headers });
const unknownOrder400 = error(400, {
  message: 'order not found',
  code: 'order_not_found',
  type: 'invalid_request_error',
});
const notFound404 = error(404, { message: 'order not found', code: 'order_not_found', type: 'invalid_request_error' });
const rateLimited = error(
  429,
  { message: 'Too many requests', code: 'request_limit_exceeded', type: 'rate_limit_error' },
  { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-retry': '45' },
);

const newOrder: NewGatewayOrder = {
  orderId: ORDER_ID,
  amountPaise: 14_900,
  customer: { id: 'ucustomer001', email: 'fan@example.com', name: 'Arjun Mehta', phone: '9999999999' },
  returnUrl: 'https://kholo.test/payment-success?order_id={order_id}',
  note: 'Unlock: Holi',
  tags: {},
  expiresAt: Date.UTC(2026, 10, 21, 6, 30),
};

async function failureOf(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const caught: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  expect(caught).toBeInstanceOf(PaymentGatewayError);
  return caught as PaymentGatewayError;
}

describe('M3: an unknown order answered with 400', () => {
  it('is not_found on Get Order and on Get Payments, like a 404, and is not retried', async () => {
    const { gateway, calls } = scripted([unknownOrder400, unknownOrder400, notFound404]);
    const order = await failureOf(gateway.getOrder(ORDER_ID));
    expect(order.kind).toBe('not_found');
    expect(order.details).toEqual({ status: 400, code: 'order_not_found', type: 'invalid_request_error' });
    expect((await failureOf(gateway.getPayments(ORDER_ID))).kind).toBe('not_found');
    expect((await failureOf(gateway.getOrder(ORDER_ID))).kind).toBe('not_found');
    expect(calls).toHaveLength(3);
  });

  it('stays rejected when the 400 is about the request (API version), or is not invalid_request_error', async () => {
    const { gateway } = scripted([
      error(400, { message: 'x-api-version missing', code: 'version_missing', type: 'invalid_request_error' }),
      error(400, { message: 'bad', code: 'something', type: 'api_error' }),
      error(400, { message: 'bad' }),
    ]);
    expect((await failureOf(gateway.getOrder(ORDER_ID))).kind).toBe('rejected');
    expect((await failureOf(gateway.getPayments(ORDER_ID))).kind).toBe('rejected');
    expect((await failureOf(gateway.getOrder(ORDER_ID))).kind).toBe('rejected');
  });

  it('on Create Order a 400 stays rejected: there it means the order was refused', async () => {
    const { gateway, calls } = scripted([
      error(400, {
        message: 'customer_phone : invalid',
        code: 'customer_phone_invalid',
        type: 'invalid_request_error',
      }),
    ]);
    expect((await failureOf(gateway.createOrder(newOrder))).kind).toBe('rejected');
    expect(calls).toHaveLength(1);
  });
});

describe('M4: a transient 404 on Create Order', () => {
  it('is retried with the same idempotency key; a 409 then reads the order the first call made', async () => {
    const { gateway, calls } = scripted([notFound404, error(409, { type: 'invalid_request_error' }), ok(orderBody)]);
    expect(await gateway.createOrder(newOrder)).toEqual({
      orderId: ORDER_ID,
      status: 'ACTIVE',
      amountPaise: 14_900,
      currency: 'INR',
      paymentSessionId: 'session_1',
    });
    expect(calls.map((call) => [call.method, call.idempotencyKey])).toEqual([
      ['POST', `order:${ORDER_ID}`],
      ['POST', `order:${ORDER_ID}`],
      ['GET', null],
    ]);
  });

  it('is retried and succeeds when the retry creates the order', async () => {
    const { gateway, calls } = scripted([notFound404, notFound404, ok(orderBody)]);
    expect((await gateway.createOrder(newOrder)).paymentSessionId).toBe('session_1');
    expect(calls).toHaveLength(3);
  });

  it('after its retries it fails as not_found, as before', async () => {
    const { gateway, calls } = scripted([notFound404, notFound404, notFound404]);
    expect((await failureOf(gateway.createOrder(newOrder))).kind).toBe('not_found');
    expect(calls).toHaveLength(3);
  });

  it('reads are not retried on 404: an unknown order is an answer', async () => {
    const { gateway, calls } = scripted([notFound404]);
    expect((await failureOf(gateway.getOrder(ORDER_ID))).kind).toBe('not_found');
    expect(calls).toHaveLength(1);
  });
});

describe('M5: a 429', () => {
  it('is rate_limited at once, with Cashfree’s retry hint, on every call', async () => {
    const { gateway, calls } = scripted([rateLimited, rateLimited, rateLimited]);
    const read = await failureOf(gateway.getOrder(ORDER_ID));
    expect(read.kind).toBe('rate_limited');
    expect(read.details).toEqual({
      status: 429,
      code: 'request_limit_exceeded',
      type: 'rate_limit_error',
      retryAfterMs: 45_000,
    });
    expect((await failureOf(gateway.getPayments(ORDER_ID))).kind).toBe('rate_limited');
    expect((await failureOf(gateway.createOrder(newOrder))).kind).toBe('rate_limited');
    expect(calls).toHaveLength(3);
  });

  it('without the header has no retry hint; a 503 is still retried', async () => {
    const { gateway, calls } = scripted([
      error(429, { type: 'rate_limit_error' }),
      error(503, { type: 'api_error' }),
      ok(orderBody),
    ]);
    expect((await failureOf(gateway.getOrder(ORDER_ID))).details).toEqual({ status: 429, type: 'rate_limit_error' });
    expect((await gateway.getOrder(ORDER_ID)).orderId).toBe(ORDER_ID);
    expect(calls).toHaveLength(3);
  });
});

describe('Get Payments: how the fan paid', () => {
  it('groups payment_group as the refund timings do; an unknown group is other, none is null', async () => {
    const attempt = (group: unknown, id: unknown = '5114910000001') => ({
      cf_payment_id: id,
      payment_status: 'SUCCESS',
      payment_amount: 149,
      payment_currency: 'INR',
      payment_time: '2026-11-21T11:25:00+05:30',
      ...(group === undefined ? {} : { payment_group: group }),
    });
    const groups = [
      'upi',
      'credit_card',
      'debit_card',
      'credit_card_emi',
      'debit_card_emi',
      'card',
      'net_banking',
      'wallet',
      'pay_later',
      undefined,
    ];
    const { gateway } = scripted([ok(groups.map((group) => attempt(group, 5114910000001)))]);
    const payments = await gateway.getPayments(ORDER_ID);
    expect(payments.map((payment) => payment.method)).toEqual([
      'upi',
      'card',
      'card',
      'card',
      'card',
      'card',
      'netbanking',
      'other',
      'other',
      null,
    ]);
    // A payment id sent as a JSON number is kept as its digits.
    expect(payments[0]).toMatchObject({ paymentId: '5114910000001', time: Date.UTC(2026, 10, 21, 5, 55) });
  });
});

const REFUND_ID = 'rf_kh_edge_1_1';
const refundBody = (changes: Record<string, unknown> = {}) => ({
  cf_payment_id: 5114910000001,
  cf_refund_id: 11325632,
  order_id: ORDER_ID,
  refund_id: REFUND_ID,
  entity: 'refund',
  refund_amount: 149.0,
  refund_currency: 'INR',
  refund_note: 'creator request',
  refund_status: 'PENDING',
  refund_arn: null,
  status_description: 'In Progress',
  created_at: '2026-11-21T11:30:00+05:30',
  processed_at: null,
  refund_speed: { requested: 'STANDARD', accepted: 'STANDARD', processed: null, message: null },
  ...changes,
});
const newRefund = { orderId: ORDER_ID, refundId: REFUND_ID, amountPaise: 14_900, note: 'creator request' };
const outage = error(503, { message: 'simulated outage', code: 'service_unavailable', type: 'api_error' });
const refundNotFound = error(404, {
  message: 'refund not found',
  code: 'refund_not_found',
  type: 'invalid_request_error',
});
const sameIdRefused = error(400, {
  message: 'refund with same refund_id already exists',
  code: 'refund_id_already_exists',
  type: 'invalid_request_error',
});

describe('Create Refund', () => {
  it('reads ids sent as numbers as text, amounts in paise and IST times as instants', async () => {
    const { gateway, calls } = scripted([
      ok(
        refundBody({ refund_status: 'SUCCESS', refund_arn: '205907014017', processed_at: '2026-11-21T11:40:00+05:30' }),
      ),
    ]);
    expect(await gateway.createRefund(newRefund)).toEqual({
      orderId: ORDER_ID,
      refundId: REFUND_ID,
      providerRefundId: '11325632',
      status: 'SUCCESS',
      amountPaise: 14_900,
      arn: '205907014017',
      description: 'In Progress',
      processedAt: Date.UTC(2026, 10, 21, 6, 10),
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `https://sandbox.cashfree.test/pg/orders/${ORDER_ID}/refunds`,
        idempotencyKey: `refund:${REFUND_ID}`,
      },
    ]);
  });

  it('after a 5xx looks the refund up before sending again, and adopts the one that landed', async () => {
    const { gateway, calls } = scripted([outage, ok(refundBody())]);
    expect((await gateway.createRefund(newRefund)).providerRefundId).toBe('11325632');
    expect(calls.map((call) => [call.method, call.url.split('/pg')[1]])).toEqual([
      ['POST', `/orders/${ORDER_ID}/refunds`],
      ['GET', `/orders/${ORDER_ID}/refunds/${REFUND_ID}`],
    ]);
  });

  it('after a 5xx sends again, with the same refund id and key, when the look-up finds none (or fails too)', async () => {
    const { gateway, calls } = scripted([outage, refundNotFound, outage, outage, ok(refundBody())]);
    expect((await gateway.createRefund(newRefund)).status).toBe('PENDING');
    expect(calls.map((call) => [call.method, call.idempotencyKey])).toEqual([
      ['POST', `refund:${REFUND_ID}`],
      ['GET', null],
      ['POST', `refund:${REFUND_ID}`],
      ['GET', null],
      ['POST', `refund:${REFUND_ID}`],
    ]);
  });

  it('gives up as unavailable after its retries: the outcome is unknown, never refused', async () => {
    const { gateway, calls } = scripted([outage, refundNotFound, outage, refundNotFound, outage]);
    expect((await failureOf(gateway.createRefund(newRefund))).kind).toBe('unavailable');
    expect(calls).toHaveLength(5);
  });

  it('a refusal of a repeat is answered by the refund already made with this id and amount', async () => {
    const { gateway, calls } = scripted([sameIdRefused, ok(refundBody({ refund_status: 'SUCCESS' }))]);
    expect((await gateway.createRefund(newRefund)).status).toBe('SUCCESS');
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET']);
  });

  it('the same id with another amount is another refund: the refusal stands', async () => {
    const { gateway } = scripted([sameIdRefused, ok(refundBody({ refund_amount: 100 }))]);
    const refused = await failureOf(gateway.createRefund(newRefund));
    expect(refused.kind).toBe('rejected');
    expect(refused.details).toEqual({ status: 400, code: 'refund_id_already_exists', type: 'invalid_request_error' });
  });

  it('a refusal with no such refund is rejected with Cashfree’s code; an unknown order is not_found (404 or 400)', async () => {
    const { gateway, calls } = scripted([
      error(400, { message: 'too much', code: 'refund_amount_invalid', type: 'invalid_request_error' }),
      refundNotFound,
      notFound404,
      notFound404,
      unknownOrder400,
      unknownOrder400,
    ]);
    const tooMuch = await failureOf(gateway.createRefund(newRefund));
    expect(tooMuch.kind).toBe('rejected');
    expect(tooMuch.details.code).toBe('refund_amount_invalid');
    expect((await failureOf(gateway.createRefund(newRefund))).kind).toBe('not_found');
    const unknown400 = await failureOf(gateway.createRefund(newRefund));
    expect(unknown400.kind).toBe('not_found');
    expect(unknown400.details).toMatchObject({ status: 400, code: 'order_not_found' });
    expect(calls).toHaveLength(6);
  });

  it('a refusal whose look-up cannot be made is unavailable: whether the refund exists is unknown', async () => {
    const { gateway, calls } = scripted([sameIdRefused, outage, outage, outage]);
    expect((await failureOf(gateway.createRefund(newRefund))).kind).toBe('unavailable');
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET', 'GET', 'GET']);
  });

  it('a 429 or refused keys are answered at once, with no look-up', async () => {
    const { gateway, calls } = scripted([
      rateLimited,
      error(401, { message: 'authentication Failed', code: 'request_failed', type: 'authentication_error' }),
    ]);
    expect((await failureOf(gateway.createRefund(newRefund))).kind).toBe('rate_limited');
    expect((await failureOf(gateway.createRefund(newRefund))).kind).toBe('auth');
    expect(calls).toHaveLength(2);
  });

  it('an answer without a status or amount is not trusted', async () => {
    const { gateway } = scripted([ok({ refund_id: REFUND_ID, order_id: ORDER_ID })]);
    const odd = await failureOf(gateway.createRefund(newRefund));
    expect(odd.kind).toBe('unavailable');
    expect(odd.message).toMatch(/unexpected answer/);
  });
});

describe('Get Refund and Get Dispute', () => {
  it('a refund Cashfree does not have, or on an order it does not know, is not_found', async () => {
    const { gateway, calls } = scripted([refundNotFound, unknownOrder400, ok(refundBody())]);
    expect((await failureOf(gateway.getRefund(ORDER_ID, REFUND_ID))).kind).toBe('not_found');
    expect((await failureOf(gateway.getRefund(ORDER_ID, REFUND_ID))).kind).toBe('not_found');
    expect((await gateway.getRefund(ORDER_ID, REFUND_ID)).refundId).toBe(REFUND_ID);
    expect(calls[0]?.url).toBe(`https://sandbox.cashfree.test/pg/orders/${ORDER_ID}/refunds/${REFUND_ID}`);
  });

  it('reads a dispute whose id is a JSON number, with its order from order_details', async () => {
    const dispute = {
      dispute_id: 433475258,
      dispute_type: 'CHARGEBACK',
      reason_code: 1402,
      reason_description: 'Duplicate Processing',
      dispute_amount: 149,
      dispute_amount_currency: 'INR',
      created_at: '2026-11-21T11:30:00+05:30',
      respond_by: '2026-11-24T11:30:00+05:30',
      updated_at: '2026-11-22T11:30:00+05:30',
      resolved_at: '2026-11-22T11:30:00+05:30',
      dispute_status: 'CHARGEBACK_MERCHANT_WON',
      cf_dispute_remarks: 'Dispute closed in favour of the merchant',
      order_details: { order_id: ORDER_ID, order_amount: 149, cf_payment_id: '5114910000001' },
    };
    const { gateway, calls } = scripted([
      ok(dispute),
      error(404, { code: 'dispute_not_found' }),
      ok({ dispute_id: 1 }),
    ]);
    expect(await gateway.getDispute('433475258')).toEqual({
      disputeId: '433475258',
      orderId: ORDER_ID,
      stage: 'CHARGEBACK',
      status: 'CHARGEBACK_MERCHANT_WON',
      amountPaise: 14_900,
      reasonCode: '1402',
      reasonDescription: 'Duplicate Processing',
      respondBy: Date.UTC(2026, 10, 24, 6, 0),
      createdAt: Date.UTC(2026, 10, 21, 6, 0),
      updatedAt: Date.UTC(2026, 10, 22, 6, 0),
      resolvedAt: Date.UTC(2026, 10, 22, 6, 0),
    });
    expect(calls[0]?.url).toBe('https://sandbox.cashfree.test/pg/disputes/433475258');
    expect((await failureOf(gateway.getDispute('1'))).kind).toBe('not_found');
    expect((await failureOf(gateway.getDispute('1'))).message).toMatch(/unexpected answer/);
  });
});
