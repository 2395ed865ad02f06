import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CASHFREE_API_VERSION,
  createCashfreeGateway,
  type Transport,
} from '../src/providers/payments/cashfree-gateway.js';
import { PaymentGatewayError, upiRefusalOf } from '../src/providers/payments/payment-gateway.js';
import { selfTransport } from '../src/providers/payments/self-transport.js';
import { SIMULATOR_PG_BASE } from '../src/providers/payments/simulator/payment-simulator.js';
import { defaultControls } from '../src/providers/payments/simulator/simulator-store.js';
import { CLIENT_ID, SECRET, simulatorHarness, type SimulatorHarness } from './payment-simulator-harness.js';

/**
 * The adapter's UPI order pay (reference-2 §1.2–§1.4) against the simulator, over the same HTTP
 * path the app uses: what it sends, what it makes of each answer, and how it names refusals.
 */
let h: SimulatorHarness;
beforeAll(async () => {
  h = await simulatorHarness();
});
afterEach(() => {
  h.simulator.controls = defaultControls();
});
afterAll(() => h.close());

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

/** The adapter as app.ts builds it for the simulator; `wrap` may stand between it and the simulator. */
function adapter(wrap: (inner: Transport) => Transport = (inner) => inner) {
  const calls: Call[] = [];
  const inner = wrap(selfTransport(h.app));
  const gateway = createCashfreeGateway({
    baseUrl: SIMULATOR_PG_BASE,
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    timeoutMs: 2000,
    retryDelaysMs: [0, 0],
    transport: (url, init) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers,
        body: typeof init.body === 'string' ? init.body : null,
      });
      return inner(url, init);
    },
  });
  return { gateway, calls };
}

/** A transport that answers every call itself, as a Cashfree that sends something odd would. */
const answering =
  (status: number, body: unknown): ((inner: Transport) => Transport) =>
  () =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

async function sessionOf(orderId: string): Promise<string> {
  const order = await h.simulator.store.get(orderId);
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return order.sessionId;
}

async function attemptsAt(orderId: string) {
  return (await h.simulator.store.get(orderId))?.payments ?? [];
}

async function refusalOf(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof PaymentGatewayError)) throw new Error(`expected a PaymentGatewayError, got ${String(error)}`);
  return error;
}

describe('payOrderUpi', () => {
  it('link: POSTs /orders/sessions with the session and the upi channel only, and reads the attempt and its links', async () => {
    const orderId = await h.openOrder(14_950);
    const { gateway, calls } = adapter();
    const paid = await gateway.payOrderUpi({ paymentSessionId: await sessionOf(orderId), channel: 'link' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe(`${SIMULATOR_PG_BASE}/orders/sessions`);
    expect(JSON.parse(call?.body ?? 'null')).toEqual({
      payment_session_id: await sessionOf(orderId),
      payment_method: { upi: { channel: 'link' } },
    });
    expect(call?.headers).toMatchObject({
      'x-api-version': CASHFREE_API_VERSION,
      'content-type': 'application/json',
    });
    expect(call?.headers['x-idempotency-key']).toMatch(/^upi:[0-9a-f-]{36}$/);

    const [attempt] = await attemptsAt(orderId);
    expect(paid.channel).toBe('link');
    expect(paid.paymentId).toBe(attempt?.cfPaymentId);
    if (paid.channel !== 'link') throw new Error('not links');
    expect(paid.links.default).toMatch(new RegExp(`^upi://pay\\?.*tr=${paid.paymentId}&am=149\\.50&`));
    expect(paid.links.gpay).toMatch(/^tez:\/\/upi\/pay\?/);
    expect(paid.links.phonepe).toMatch(/^phonepe:\/\/pay\?/);
    expect(paid.links.paytm).toMatch(/^paytm:\/\/upi\/pay\?/);
    expect(paid.links.bhim).toMatch(/^bhim:\/\/upi\/pay\?/);
  });

  it('qrcode: the PNG data URI', async () => {
    const orderId = await h.openOrder();
    const { gateway } = adapter();
    const paid = await gateway.payOrderUpi({ paymentSessionId: await sessionOf(orderId), channel: 'qrcode' });
    expect(paid.channel).toBe('qrcode');
    if (paid.channel !== 'qrcode') throw new Error('not a QR');
    expect(paid.qrImage).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/);
    expect((await attemptsAt(orderId))[0]).toMatchObject({ cfPaymentId: paid.paymentId, upiChannel: 'qrcode' });
  });

  it('names each refusal: an unknown session, an order no longer active, order pay not enabled', async () => {
    const { gateway } = adapter();
    const unknown = await refusalOf(gateway.payOrderUpi({ paymentSessionId: 'session_nobody', channel: 'link' }));
    expect(unknown.kind).toBe('rejected');
    expect(upiRefusalOf(unknown)).toBe('session_invalid');

    const paidOrder = await h.paidOrder();
    const inactive = await refusalOf(
      gateway.payOrderUpi({ paymentSessionId: await sessionOf(paidOrder), channel: 'qrcode' }),
    );
    expect(inactive.details).toMatchObject({ status: 400, code: 'order_inactive' });
    expect(upiRefusalOf(inactive)).toBe('order_inactive');

    const open = await h.openOrder();
    h.simulator.controls = { ...h.simulator.controls, s2sDisabled: true };
    const disabled = await refusalOf(gateway.payOrderUpi({ paymentSessionId: await sessionOf(open), channel: 'link' }));
    expect(upiRefusalOf(disabled)).toBe('not_enabled');
    expect(await attemptsAt(open)).toEqual([]);
  });

  it('after a lost answer, asks again with the same idempotency key and gets the attempt already made', async () => {
    const orderId = await h.openOrder();
    let lost = 1;
    const { gateway, calls } = adapter((inner) => async (url, init) => {
      const response = await inner(url, init);
      if (lost > 0) {
        lost -= 1;
        return new Response('{"message":"bad gateway","code":"api_error","type":"api_error"}', { status: 502 });
      }
      return response;
    });
    const paid = await gateway.payOrderUpi({ paymentSessionId: await sessionOf(orderId), channel: 'link' });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['x-idempotency-key']).toBe(calls[0]?.headers['x-idempotency-key']);
    const attempts = await attemptsAt(orderId);
    expect(attempts.map((one) => one.cfPaymentId)).toEqual([paid.paymentId]);
    // A new call is a new attempt, with a key of its own.
    await gateway.payOrderUpi({ paymentSessionId: await sessionOf(orderId), channel: 'link' });
    expect(calls[2]?.headers['x-idempotency-key']).not.toBe(calls[0]?.headers['x-idempotency-key']);
    expect(await attemptsAt(orderId)).toHaveLength(2);
  });

  it('an outage that lasts: unavailable after the retries; a 429 is not retried', async () => {
    const orderId = await h.openOrder();
    const session = await sessionOf(orderId);
    const down = adapter();
    h.simulator.controls = { ...h.simulator.controls, failNextRequests: 3 };
    const outage = await refusalOf(down.gateway.payOrderUpi({ paymentSessionId: session, channel: 'link' }));
    expect(outage.kind).toBe('unavailable');
    expect(upiRefusalOf(outage)).toBeNull();
    expect(down.calls).toHaveLength(3);
    expect(new Set(down.calls.map((call) => call.headers['x-idempotency-key'])).size).toBe(1);

    const limited = adapter();
    h.simulator.controls = { ...h.simulator.controls, rateLimitNextRequests: 1 };
    const busy = await refusalOf(limited.gateway.payOrderUpi({ paymentSessionId: session, channel: 'link' }));
    expect(busy.kind).toBe('rate_limited');
    expect(limited.calls).toHaveLength(1);
    expect(await attemptsAt(orderId)).toEqual([]);
  });

  it('reads cf_payment_id sent as a number, and keeps only UPI intent links (no script, web page or intent://)', async () => {
    const { gateway } = adapter(
      answering(200, {
        cf_payment_id: 237571000,
        payment_method: 'upi',
        channel: 'link',
        action: 'custom',
        data: {
          url: null,
          payload: {
            default: 'upi://pay?pa=x@upi&tr=237571000',
            gpay: 'javascript://%0aalert(1)',
            phonepe: 'https://phish.example/pay',
            paytm: 'intent://pay#Intent;S.browser_fallback_url=https%3A%2F%2Fphish.example;end',
            bhim: 42,
          },
        },
      }),
    );
    expect(await gateway.payOrderUpi({ paymentSessionId: 'session_x', channel: 'link' })).toEqual({
      channel: 'link',
      paymentId: '237571000',
      links: { default: 'upi://pay?pa=x@upi&tr=237571000', gpay: null, phonepe: null, paytm: null, bhim: null },
    });
  });

  it.each([
    ['no cf_payment_id', 'link', { data: { payload: { default: 'upi://pay?pa=x@upi' } } }],
    ['no upi:// link', 'link', { cf_payment_id: '1', data: { payload: { gpay: 'tez://upi/pay?pa=x@upi' } } }],
    ['a link that is not upi://', 'link', { cf_payment_id: '1', data: { payload: { default: 'https://x.test/' } } }],
    [
      'a QR that is not a PNG',
      'qrcode',
      { cf_payment_id: '1', data: { payload: { qrcode: 'data:image/svg+xml,<svg/>' } } },
    ],
    ['no QR', 'qrcode', { cf_payment_id: '1', data: { payload: null } }],
  ] as const)('an answer with %s is a fault of the provider: unavailable', async (_what, channel, body) => {
    const { gateway } = adapter(answering(200, body));
    const error = await refusalOf(gateway.payOrderUpi({ paymentSessionId: 'session_x', channel }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('unexpected answer');
  });

  it('upiRefusalOf reads codes only from refusals, never from an outage or a refused key', () => {
    const error = (kind: 'rejected' | 'unavailable' | 'auth' | 'not_found', code: string) =>
      new PaymentGatewayError(kind, 'Cashfree: x', { status: 400, code });
    expect(upiRefusalOf(error('rejected', 'payment_failed'))).toBe('not_enabled');
    expect(upiRefusalOf(error('not_found', 'payment_session_id_invalid'))).toBe('session_invalid');
    expect(upiRefusalOf(error('rejected', 'request_invalid'))).toBeNull();
    expect(upiRefusalOf(error('unavailable', 'order_inactive'))).toBeNull();
    expect(upiRefusalOf(error('auth', 'request_failed'))).toBeNull();
  });
});
