import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CASHFREE_API_VERSION,
  type CashfreeOptions,
  createCashfreeGateway,
  istTimestamp,
  type Transport,
} from '../src/providers/payments/cashfree-gateway.js';
import { type NewGatewayOrder, PaymentGatewayError } from '../src/providers/payments/payment-gateway.js';
import { selfTransport } from '../src/providers/payments/self-transport.js';
import { returnUrlFor, SIMULATOR_PG_BASE } from '../src/providers/payments/simulator/payment-simulator.js';
import { payInSimulator, resetSimulator, setControls, simulatorOf } from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Contract tests of the Cashfree adapter against the built-in simulator (reference §9.4), over
 * the same HTTP path the app uses: the real adapter, selfTransport, the simulator's routes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  resetSimulator(t.app);
});
afterAll(() => t.close());

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** Calls still running after the adapter gave up on them (timeouts); awaited before the next test. */
const inFlight: Promise<unknown>[] = [];
afterEach(async () => {
  await Promise.allSettled(inFlight.splice(0));
});

/** The adapter as app.ts builds it for the simulator, with every request recorded. */
function adapter(options: Partial<CashfreeOptions> = {}, wrap: (inner: Transport) => Transport = (inner) => inner) {
  const calls: Call[] = [];
  const inner = wrap(selfTransport(t.app));
  const recording: Transport = (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    calls.push({ method: init.method ?? 'GET', url, headers, body: typeof init.body === 'string' ? init.body : null });
    const response = inner(url, init);
    inFlight.push(response.catch(() => undefined));
    return response;
  };
  const gateway = createCashfreeGateway({
    baseUrl: SIMULATOR_PG_BASE,
    clientId: 'kholo-simulator',
    clientSecret: simulatorOf(t.app).secret,
    transport: recording,
    timeoutMs: 2000,
    retryDelaysMs: [0, 0],
    ...options,
  });
  return { gateway, calls };
}

let orderCounter = 0;
function newOrder(overrides: Partial<NewGatewayOrder> = {}): NewGatewayOrder {
  orderCounter += 1;
  return {
    orderId: `kh_contract_${orderCounter}`,
    amountPaise: 14_950,
    customer: { id: 'ucustomer001', email: 'arjun@example.com', name: 'Arjun Mehta', phone: '9999999999' },
    returnUrl: 'http://localhost:3000/payment-success?order_id={order_id}&contentId=item-1',
    note: 'Unlock: Holi in Jaipur',
    tags: { contentId: 'item-1', creatorId: 'creator-1' },
    expiresAt: t.clock.now() + 30 * 60_000,
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

/** A raw request to the simulator's API with Cashfree's headers, some of which a test may drop. */
function rawPg(method: 'GET' | 'POST', path: string, headers: Record<string, string | undefined>, payload?: object) {
  const merged: Record<string, string | undefined> = {
    'x-client-id': 'kholo-simulator',
    'x-client-secret': simulatorOf(t.app).secret,
    'x-api-version': CASHFREE_API_VERSION,
    ...headers,
  };
  const base = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return t.app.inject({
    method,
    url: `${SIMULATOR_PG_BASE}${path}`,
    headers: base,
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('create and read an order', () => {
  it('round-trips: create, then get, with Cashfree’s headers and an idempotency key', async () => {
    const { gateway, calls } = adapter();
    const order = newOrder();
    const created = await gateway.createOrder(order);
    expect(created).toEqual({
      orderId: order.orderId,
      status: 'ACTIVE',
      amountPaise: 14_950,
      currency: 'INR',
      paymentSessionId: expect.stringMatching(/^session_[A-Za-z0-9_-]{120}$/),
    });
    expect(await gateway.getOrder(order.orderId)).toEqual(created);
    expect(await gateway.getPayments(order.orderId)).toEqual([]);

    const [create, read, payments] = calls;
    expect(create).toMatchObject({ method: 'POST', url: `${SIMULATOR_PG_BASE}/orders` });
    expect(create?.headers).toMatchObject({
      'x-client-id': 'kholo-simulator',
      'x-client-secret': simulatorOf(t.app).secret,
      'x-api-version': '2025-01-01',
      'content-type': 'application/json',
      'x-idempotency-key': `order:${order.orderId}`,
    });
    expect(read).toMatchObject({ method: 'GET', url: `${SIMULATOR_PG_BASE}/orders/${order.orderId}`, body: null });
    expect(read?.headers['x-idempotency-key']).toBeUndefined();
    expect(payments?.url).toBe(`${SIMULATOR_PG_BASE}/orders/${order.orderId}/payments`);

    expect(JSON.parse(create!.body!)).toEqual({
      order_id: order.orderId,
      order_amount: 149.5,
      order_currency: 'INR',
      customer_details: {
        customer_id: 'ucustomer001',
        customer_email: 'arjun@example.com',
        customer_phone: '9999999999',
        customer_name: 'Arjun Mehta',
      },
      order_meta: { return_url: order.returnUrl, payment_methods: 'upi,cc,dc,nb' },
      order_expiry_time: istTimestamp(order.expiresAt),
      order_note: 'Unlock: Holi in Jaipur',
      order_tags: { contentId: 'item-1', creatorId: 'creator-1' },
    });
  });

  it.each([
    [14_950, '149.5'],
    [1_999, '19.99'],
    [10_000, '100'],
    [100, '1'],
    [1_00_000_00, '100000'],
  ])('sends %i paise as rupees with at most 2 decimals (%s) and reads them back as paise', async (paise, rupees) => {
    const { gateway, calls } = adapter();
    const order = newOrder({ amountPaise: paise });
    const created = await gateway.createOrder(order);
    expect(calls[0]?.body).toContain(`"order_amount":${rupees},`);
    expect(created.amountPaise).toBe(paise);
    expect((await simulatorOf(t.app).store.get(order.orderId))?.amountPaise).toBe(paise);
  });

  it('reads what the provider says, not what was sent: a misreported amount comes back as such', async () => {
    const { gateway } = adapter();
    const order = newOrder();
    await gateway.createOrder(order);
    setControls(t.app, { misreportAmountPaise: 1_234, misreportCurrency: 'USD' });
    expect(await gateway.getOrder(order.orderId)).toMatchObject({ amountPaise: 1_234, currency: 'USD' });
  });

  it('lists payment attempts newest first, amounts in paise, with how the fan paid', async () => {
    const { gateway } = adapter();
    const order = newOrder();
    const created = await gateway.createOrder(order);
    await payInSimulator(t.app, created.paymentSessionId!, 'FAILED', 'card');
    t.clock.advance(60_000);
    await payInSimulator(t.app, created.paymentSessionId!, 'SUCCESS', 'upi');
    const payments = await gateway.getPayments(order.orderId);
    expect(payments).toEqual([
      {
        paymentId: expect.stringMatching(/^\d+$/),
        status: 'SUCCESS',
        amountPaise: 14_950,
        currency: 'INR',
        time: t.clock.now(),
        method: 'upi',
      },
      {
        paymentId: expect.stringMatching(/^\d+$/),
        status: 'FAILED',
        amountPaise: 14_950,
        currency: 'INR',
        time: t.clock.now() - 60_000,
        method: 'card',
      },
    ]);
    expect((await gateway.getOrder(order.orderId)).status).toBe('PAID');
  });

  it('fills {order_id} into the return URL after checkout, or appends order_id when there is no placeholder', async () => {
    const { gateway } = adapter();
    const order = newOrder();
    const created = await gateway.createOrder(order);
    const paid = await payInSimulator(t.app, created.paymentSessionId!);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3000/payment-success?order_id=${order.orderId}&contentId=item-1`,
    );

    const plain = newOrder({ returnUrl: 'http://localhost:3000/payment-success?contentId=item-2' });
    const second = await gateway.createOrder(plain);
    const back = await payInSimulator(t.app, second.paymentSessionId!, 'FAILED');
    expect(back.headers.location).toBe(
      `http://localhost:3000/payment-success?contentId=item-2&order_id=${plain.orderId}`,
    );
    expect(returnUrlFor(null, 'kh_1')).toBeNull();
    expect(returnUrlFor('https://kholo.in/r?a={order_id}&b={order_id}', 'kh_x-1')).toBe(
      'https://kholo.in/r?a=kh_x-1&b=kh_x-1',
    );
  });
});

describe('errors', () => {
  it('a duplicate order_id answers 409, and the adapter recovers the existing order with a GET', async () => {
    const order = newOrder();
    const first = await adapter().gateway.createOrder(order);

    const { gateway, calls } = adapter();
    const again = await gateway.createOrder(order);
    expect(again).toEqual(first);
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET']);
    const duplicate = await rawPg(
      'POST',
      '/orders',
      {},
      {
        order_id: order.orderId,
        order_amount: 149.5,
        order_currency: 'INR',
        customer_details: { customer_id: 'ucustomer001', customer_phone: '9999999999' },
      },
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'order_already_exists', type: 'invalid_request_error' });
  });

  it('a wrong secret or client id is kind auth (401), and is not retried', async () => {
    for (const options of [{ clientSecret: 'wrong-secret' }, { clientId: 'someone-else' }]) {
      const { gateway, calls } = adapter(options);
      const error = await failureOf(gateway.getOrder('kh_anything'));
      expect(error.kind).toBe('auth');
      expect(error.details).toEqual({ status: 401, code: 'request_failed', type: 'authentication_error' });
      expect(calls).toHaveLength(1);
      const create = await failureOf(gateway.createOrder(newOrder()));
      expect(create.kind).toBe('auth');
    }
  });

  it('a missing or unknown x-api-version is refused with 400 (kind rejected), not retried', async () => {
    for (const version of [undefined, '2020-01-01']) {
      const raw = await rawPg('GET', '/orders/kh_anything', { 'x-api-version': version });
      expect(raw.statusCode).toBe(400);
      expect(raw.json()).toMatchObject({ code: 'version_missing', type: 'invalid_request_error' });
    }
    const { gateway, calls } = adapter({}, (inner) => (url, init) => {
      const headers = new Headers(init.headers);
      headers.delete('x-api-version');
      return inner(url, { ...init, headers });
    });
    const error = await failureOf(gateway.getOrder('kh_anything'));
    expect(error.kind).toBe('rejected');
    expect(error.details).toMatchObject({ status: 400, code: 'version_missing' });
    expect(calls).toHaveLength(1);
  });

  it('an unknown order is kind not_found (404) for the order and its payments', async () => {
    const { gateway, calls } = adapter();
    const error = await failureOf(gateway.getOrder('kh_never_created'));
    expect(error.kind).toBe('not_found');
    expect(error.details).toMatchObject({ status: 404, code: 'order_not_found' });
    expect((await failureOf(gateway.getPayments('kh_never_created'))).kind).toBe('not_found');
    expect(calls).toHaveLength(2);
  });

  it('an invalid order is kind rejected (400) with the provider’s field code, and is not retried', async () => {
    const { gateway, calls } = adapter();
    const phone = await failureOf(
      gateway.createOrder(newOrder({ customer: { id: 'u123', email: 'a@b.in', name: 'A B', phone: '12345' } })),
    );
    expect(phone.kind).toBe('rejected');
    expect(phone.details).toMatchObject({ status: 400, code: 'customer_phone_invalid' });
    const badId = await failureOf(gateway.createOrder(newOrder({ orderId: 'has spaces!' })));
    expect(badId.details).toMatchObject({ status: 400, code: 'order_id_invalid' });
    expect(calls).toHaveLength(2);
  });

  it('retries a 503 and succeeds, and gives up as kind unavailable after its retries', async () => {
    const order = newOrder();
    await adapter().gateway.createOrder(order);

    setControls(t.app, { failNextRequests: 2 });
    const recovering = adapter();
    expect((await recovering.gateway.getOrder(order.orderId)).orderId).toBe(order.orderId);
    expect(recovering.calls).toHaveLength(3);

    setControls(t.app, { failNextRequests: 3 });
    const failing = adapter();
    const error = await failureOf(failing.gateway.getOrder(order.orderId));
    expect(error.kind).toBe('unavailable');
    expect(error.details).toMatchObject({ status: 503 });
    expect(failing.calls).toHaveLength(3);
    expect(simulatorOf(t.app).controls.failNextRequests).toBe(0);
  });

  it('retries order creation with the same idempotency key, and gets one order', async () => {
    setControls(t.app, { failNextRequests: 1 });
    const { gateway, calls } = adapter();
    const order = newOrder();
    const created = await gateway.createOrder(order);
    expect(calls.map((call) => [call.method, call.headers['x-idempotency-key']])).toEqual([
      ['POST', `order:${order.orderId}`],
      ['POST', `order:${order.orderId}`],
    ]);
    expect(calls[0]?.body).toBe(calls[1]?.body);
    expect(created.paymentSessionId).toBe((await simulatorOf(t.app).store.get(order.orderId))?.sessionId);
  });

  it('an answer slower than the timeout is kind unavailable', async () => {
    const { gateway, calls } = adapter({ timeoutMs: 30, retryDelaysMs: [] });
    setControls(t.app, { responseDelayMs: 300 });
    const error = await failureOf(gateway.getOrder('kh_anything'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Cashfree did not answer within 30 ms');
    expect(calls).toHaveLength(1);
  });

  it('a creation whose answer was lost lands once, and the adapter still returns its session', async () => {
    let first = true;
    const { gateway, calls } = adapter({ timeoutMs: 100, retryDelaysMs: [0] }, (inner) => async (url, init) => {
      const response = await inner(url, init);
      if (first) {
        first = false;
        // The provider made the order, but its answer never reaches us in time.
        await sleep(400);
      }
      return response;
    });
    const order = newOrder();
    const created = await gateway.createOrder(order);
    expect(created).toMatchObject({ orderId: order.orderId, status: 'ACTIVE' });
    expect(created.paymentSessionId).toBe((await simulatorOf(t.app).store.get(order.orderId))?.sessionId);
    // Normally the retry meets a 409 and reads the order (POST, POST, GET); on a very slow
    // machine the retry may create it first. Either way there is one order and its session.
    expect(calls.slice(0, 2).map((call) => call.method)).toEqual(['POST', 'POST']);
    expect(calls.length).toBeLessThanOrEqual(3);
  });

  it('a network failure is kind unavailable and retried; a 429 is not retried; a malformed answer is not trusted', async () => {
    const network = adapter({}, () => () => Promise.reject(new TypeError('fetch failed')));
    const down = await failureOf(network.gateway.getOrder('kh_anything'));
    expect(down.kind).toBe('unavailable');
    expect(down.message).toBe('Cashfree could not be reached');
    expect(network.calls).toHaveLength(3);

    let limited = 0;
    const order = newOrder();
    await adapter().gateway.createOrder(order);
    const busy = adapter({}, (inner) => (url, init) => {
      limited += 1;
      if (limited <= 2) {
        return Promise.resolve(
          Response.json({ message: 'too many requests', type: 'rate_limit_error' }, { status: 429 }),
        );
      }
      return inner(url, init);
    });
    // Cashfree's limits are per minute: a retry within the request would spend the same budget
    // (contract check M5). The caller asks again later; by then the limit has passed.
    expect((await failureOf(busy.gateway.getOrder(order.orderId))).kind).toBe('rate_limited');
    expect(busy.calls).toHaveLength(1);
    expect((await failureOf(busy.gateway.getOrder(order.orderId))).kind).toBe('rate_limited');
    expect((await busy.gateway.getOrder(order.orderId)).orderId).toBe(order.orderId);
    expect(busy.calls).toHaveLength(3);

    const odd = adapter({}, () => () => Promise.resolve(Response.json({ hello: 'world' })));
    const malformed = await failureOf(odd.gateway.getOrder('kh_anything'));
    expect(malformed.kind).toBe('unavailable');
    expect(malformed.message).toMatch(/unexpected answer/);
    const notAList = await failureOf(odd.gateway.getPayments('kh_anything'));
    expect(notAList.message).toMatch(/not a list/);
  });
});

describe('over a real socket', () => {
  let listening: TestApp;
  beforeAll(async () => {
    listening = await buildTestApp();
    resetSimulator(listening.app);
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => listening.close());

  it('once the server listens, the adapter and the simulator’s webhooks use HTTP to it, with the same results', async () => {
    // Only requests over a socket reach the HTTP server's 'request' event; injected ones do not.
    const seen: string[] = [];
    listening.app.server.on('request', (request: { method?: string; url?: string }) => {
      seen.push(`${request.method} ${request.url}`);
    });
    const gateway = createCashfreeGateway({
      baseUrl: SIMULATOR_PG_BASE,
      clientId: 'kholo-simulator',
      clientSecret: simulatorOf(listening.app).secret,
      transport: selfTransport(listening.app),
      timeoutMs: 2000,
      retryDelaysMs: [],
    });
    const order = newOrder();
    const created = await gateway.createOrder(order);
    expect(await gateway.getOrder(order.orderId)).toEqual(created);
    await payInSimulator(listening.app, created.paymentSessionId!);
    expect((await gateway.getOrder(order.orderId)).status).toBe('PAID');
    expect(seen).toEqual([
      `POST ${SIMULATOR_PG_BASE}/orders`,
      `GET ${SIMULATOR_PG_BASE}/orders/${order.orderId}`,
      'POST /api/payment/webhook',
      `GET ${SIMULATOR_PG_BASE}/orders/${order.orderId}`,
    ]);
  });
});
