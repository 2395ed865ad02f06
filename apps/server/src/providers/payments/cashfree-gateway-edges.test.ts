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
