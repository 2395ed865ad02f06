import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultControls, UPI_WAIT_MS } from '../src/providers/payments/simulator/simulator-store.js';
import { qrDataUri } from '../src/providers/payments/simulator/simulator-upi.js';
import { ADMIN_HEADERS, PUBLIC_URL, simulatorHarness, type SimulatorHarness } from './payment-simulator-harness.js';

/**
 * Order Pay with UPI as the simulator serves it (reference-2 §1.9): the request checks, the
 * links and the QR it answers, the page that stands in for the UPI app, and how an attempt ends
 * (the fan's answer, a success elsewhere on the order, or ten minutes of silence).
 */
let h: SimulatorHarness;
beforeAll(async () => {
  h = await simulatorHarness();
});
afterEach(() => {
  h.simulator.controls = defaultControls();
  h.webhooks.length = 0;
});
afterAll(() => h.close());

const RETURN_URL = 'http://kholo.test/payment-success?order_id={order_id}&contentId=item-1';

let orders = 0;
/** An ACTIVE order with a return URL and a note, as Kholo makes them; its id and session. */
async function activeOrder(options: { expiresInMs?: number } = {}) {
  orders += 1;
  const orderId = `kh_upi_${String(orders)}`;
  const created = await h.simulator.store.create({
    order_id: orderId,
    order_amount: 149,
    order_currency: 'INR',
    customer_details: { customer_id: 'ufan001', customer_phone: '9999999999' },
    order_meta: { return_url: RETURN_URL },
    order_note: 'Unlock: Holi in Jaipur',
    order_expiry_time: new Date(h.clock.now() + (options.expiresInMs ?? 30 * 60_000)).toISOString(),
  });
  if (!('order' in created)) throw new Error(created.error.message);
  return { orderId, sessionId: created.order.sessionId };
}

/** Order Pay as Kholo's adapter sends it; no keys, as Cashfree needs none here. */
function orderPay(
  sessionId: string,
  channel: unknown,
  headers: Record<string, string | undefined> = {},
  method?: unknown,
) {
  return h.pg(
    'POST',
    '/orders/sessions',
    { payment_session_id: sessionId, payment_method: method ?? { upi: { channel } } },
    { 'x-client-id': undefined, 'x-client-secret': undefined, ...headers },
  );
}

interface PayOrderEntity {
  payment_amount: number;
  cf_payment_id: string;
  payment_method: string;
  channel: string;
  action: string;
  data: { url: null; content_type: null; method: null; payload: Record<string, string> };
}

async function startAttempt(sessionId: string, channel: 'link' | 'qrcode' = 'link') {
  const response = await orderPay(sessionId, channel);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayOrderEntity>();
}

function attemptsOf(orderId: string) {
  return h.pg('GET', `/orders/${orderId}/payments`).then((response) =>
    response.json<
      {
        cf_payment_id: string;
        payment_status: string;
        payment_group: string;
        payment_method: { upi?: { channel: string; upi_id: string | null } };
      }[]
    >(),
  );
}

function answer(cfPaymentId: string, outcome: string) {
  return h.app.inject({ method: 'GET', url: `/__simulator/upi/intent/answer?tr=${cfPaymentId}&outcome=${outcome}` });
}

describe('POST /pg/orders/sessions with UPI', () => {
  it('link: a PENDING attempt and its intent links, upi:// and each app’s own scheme, naming the attempt', async () => {
    const { orderId, sessionId } = await activeOrder();
    const entity = await startAttempt(sessionId, 'link');
    expect(entity).toMatchObject({
      payment_amount: 149,
      payment_method: 'upi',
      channel: 'link',
      action: 'custom',
      data: { url: null, content_type: null, method: null },
    });
    expect(entity.cf_payment_id).toMatch(/^\d{13}$/);
    const query =
      `pa=cashfree.fake%40upi&pn=Kholo&tr=${entity.cf_payment_id}&am=149.00&cu=INR&mode=00&purpose=00&mc=5732` +
      `&tn=Unlock%3A%20Holi%20in%20Jaipur`;
    expect(entity.data.payload).toEqual({
      default: `upi://pay?${query}`,
      gpay: `tez://upi/pay?${query}`,
      phonepe: `phonepe://pay?${query}`,
      paytm: `paytm://upi/pay?${query}`,
      bhim: `bhim://upi/pay?${query}`,
    });
    expect(await attemptsOf(orderId)).toEqual([
      expect.objectContaining({
        cf_payment_id: entity.cf_payment_id,
        payment_status: 'PENDING',
        payment_group: 'upi',
        payment_method: { upi: { channel: 'link', upi_id: null } },
      }),
    ]);
  });

  it('qrcode: a real PNG whose QR encodes the simulator’s pay page for the attempt', async () => {
    const { orderId, sessionId } = await activeOrder();
    const entity = await startAttempt(sessionId, 'qrcode');
    const { qrcode } = entity.data.payload;
    expect(Object.keys(entity.data.payload)).toEqual(['qrcode']);
    expect(qrcode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(qrcode!.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The QR of exactly this address: a phone that scans it opens the attempt's page.
    expect(qrcode).toBe(await qrDataUri(`${PUBLIC_URL}/__simulator/upi/intent?tr=${entity.cf_payment_id}`));
    expect(qrcode).not.toBe(await qrDataUri(`${PUBLIC_URL}/__simulator/upi/intent?tr=1`));
    expect((await attemptsOf(orderId))[0]?.payment_method).toEqual({ upi: { channel: 'qrcode', upi_id: null } });
  });

  it('takes several attempts on one session, each its own', async () => {
    const { orderId, sessionId } = await activeOrder();
    const link = await startAttempt(sessionId, 'link');
    const qr = await startAttempt(sessionId, 'qrcode');
    expect(link.cf_payment_id).not.toBe(qr.cf_payment_id);
    expect((await attemptsOf(orderId)).map((one) => one.payment_status)).toEqual(['PENDING', 'PENDING']);
  });

  it('answers a repeat of an idempotency key with the attempt it made, and refuses the key for another channel', async () => {
    const { orderId, sessionId } = await activeOrder();
    const key = { 'x-idempotency-key': 'upi:0b6e3c8e-retry' };
    const first = await orderPay(sessionId, 'link', key);
    const again = await orderPay(sessionId, 'link', key);
    expect(again.statusCode).toBe(200);
    expect(again.json<PayOrderEntity>().cf_payment_id).toBe(first.json<PayOrderEntity>().cf_payment_id);
    expect(await attemptsOf(orderId)).toHaveLength(1);
    const other = await orderPay(sessionId, 'qrcode', key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_error' });
    expect(await attemptsOf(orderId)).toHaveLength(1);
  });

  it('needs x-api-version but no keys', async () => {
    const { sessionId } = await activeOrder();
    const missing = await orderPay(sessionId, 'link', { 'x-api-version': undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'version_missing' });
    const withKeys = await h.pg('POST', '/orders/sessions', {
      payment_session_id: sessionId,
      payment_method: { upi: { channel: 'link' } },
    });
    expect(withKeys.statusCode).toBe(200);
  });

  it('refuses an unknown session', async () => {
    const response = await orderPay('session_nobody', 'link');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'payment_session_id_invalid',
      type: 'request_failed',
      message: 'payment_session_id is not present or is invalid',
    });
    expect((await orderPay('', 'link')).json()).toMatchObject({ code: 'payment_session_id_invalid' });
  });

  it('refuses an order that is paid or expired: order_inactive', async () => {
    const paid = await activeOrder();
    expect(await h.simulator.store.pay(paid.orderId, 'card', 'SUCCESS')).toHaveProperty('payment');
    const expired = await activeOrder({ expiresInMs: 60_000 });
    h.clock.advance(60_001);
    for (const { orderId, sessionId } of [paid, expired]) {
      const response = await orderPay(sessionId, 'link');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'order_inactive', type: 'invalid_request_error' });
      expect((await attemptsOf(orderId)).filter((one) => one.payment_method.upi?.channel === 'link')).toEqual([]);
    }
  });

  it('refuses collect with the reason, any other channel, and any method but upi', async () => {
    const { orderId, sessionId } = await activeOrder();
    const collect = await orderPay(sessionId, 'collect');
    expect(collect.statusCode).toBe(400);
    expect(collect.json()).toMatchObject({ code: 'channel_invalid' });
    expect(collect.json<{ message: string }>().message).toContain('NPCI is retiring UPI collect');
    for (const channel of ['gpay', 'podQrCode', undefined, 7]) {
      const response = await orderPay(sessionId, channel);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'channel_invalid', message: 'channel : must be link or qrcode' });
    }
    const card = await orderPay(sessionId, null, {}, { card: { channel: 'link' } });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toMatchObject({ code: 'request_invalid' });
    const two = await orderPay(sessionId, null, {}, { upi: { channel: 'link' }, card: {} });
    expect(two.json()).toMatchObject({
      code: 'request_invalid',
      message: 'payment_method : must name exactly one method',
    });
    expect(await attemptsOf(orderId)).toEqual([]);
  });

  it('with the s2sDisabled switch, refuses every call: 400 request_failed', async () => {
    const { orderId, sessionId } = await activeOrder();
    h.simulator.controls = { ...h.simulator.controls, s2sDisabled: true };
    for (const channel of ['link', 'qrcode']) {
      const response = await orderPay(sessionId, channel);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'request_failed', message: 'S2S not enabled' });
    }
    expect(await attemptsOf(orderId)).toEqual([]);
  });

  it('the s2sDisabled switch is set over the admin-only control route', async () => {
    const denied = await h.app.inject({ method: 'POST', url: '/__simulator/controls', payload: { s2sDisabled: true } });
    expect(denied.statusCode).toBe(403);
    expect(h.simulator.controls.s2sDisabled).toBe(false);
    const set = await h.app.inject({
      method: 'POST',
      url: '/__simulator/controls',
      payload: { s2sDisabled: true },
      headers: ADMIN_HEADERS,
    });
    expect(set.json()).toMatchObject({ s2sDisabled: true });
    expect(h.simulator.controls.s2sDisabled).toBe(true);
  });
});

describe('the page that stands in for the UPI app', () => {
  it('shows the amount and Pay, Decline, Cancel, with no script and a nonce’d style', async () => {
    const { orderId, sessionId } = await activeOrder();
    const { cf_payment_id: tr } = await startAttempt(sessionId);
    const page = await h.app.inject({ method: 'GET', url: `/__simulator/upi/intent?tr=${tr}&app=phonepe` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://kholo.test");
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(page.body).toContain(`<style nonce="${nonce ?? 'missing'}">`);
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('PhonePe (test)');
    expect(page.body).toContain('₹149');
    expect(page.body).toContain(orderId);
    for (const outcome of ['SUCCESS', 'FAILED', 'USER_DROPPED']) {
      expect(page.body).toContain(`name="outcome" value="${outcome}"`);
    }
    expect(page.body).toContain(`name="tr" value="${tr}"`);
  });

  it('Pay: SUCCESS, the order PAID, a signed success webhook naming UPI and the channel, then back to Kholo', async () => {
    const { orderId, sessionId } = await activeOrder();
    const { cf_payment_id: tr } = await startAttempt(sessionId, 'qrcode');
    const paid = await answer(tr, 'SUCCESS');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://kholo.test/payment-success?order_id=${orderId}&contentId=item-1`);
    expect((await h.pg('GET', `/orders/${orderId}`)).json()).toMatchObject({ order_status: 'PAID' });
    expect((await attemptsOf(orderId))[0]).toMatchObject({ cf_payment_id: tr, payment_status: 'SUCCESS' });
    const [webhook] = h.delivered('PAYMENT_SUCCESS_WEBHOOK');
    expect(h.webhooks).toHaveLength(1);
    expect(webhook?.payload).toMatchObject({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: {
        order: { order_id: orderId, order_amount: 149 },
        payment: {
          cf_payment_id: tr,
          payment_status: 'SUCCESS',
          payment_group: 'upi',
          payment_method: { upi: { channel: 'qrcode', upi_id: null } },
        },
      },
    });
    // Answered: the page says so, and a second answer changes nothing.
    const again = await h.app.inject({ method: 'GET', url: `/__simulator/upi/intent?tr=${tr}` });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This payment is already complete.');
    const twice = await answer(tr, 'FAILED');
    expect(twice.statusCode).toBe(303);
    expect(twice.headers.location).toBe(`${PUBLIC_URL}/__simulator/upi/intent?tr=${tr}`);
    expect(h.webhooks).toHaveLength(1);
  });

  it.each([
    ['FAILED', 'PAYMENT_FAILED_WEBHOOK', 'This payment request was declined.'],
    ['USER_DROPPED', 'PAYMENT_USER_DROPPED_WEBHOOK', 'This payment request was cancelled or has expired.'],
  ])('%s ends the attempt, sends %s and leaves the order payable', async (outcome, type, afterwards) => {
    const { orderId, sessionId } = await activeOrder();
    const { cf_payment_id: tr } = await startAttempt(sessionId);
    expect((await answer(tr, outcome)).statusCode).toBe(303);
    expect((await attemptsOf(orderId))[0]).toMatchObject({ payment_status: outcome });
    expect(h.delivered(type).map((one) => one.payload)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ payment: expect.objectContaining({ cf_payment_id: tr }) }),
      }),
    ]);
    expect((await h.pg('GET', `/orders/${orderId}`)).json()).toMatchObject({ order_status: 'ACTIVE' });
    expect((await h.app.inject({ method: 'GET', url: `/__simulator/upi/intent?tr=${tr}` })).body).toContain(afterwards);
    expect((await orderPay(sessionId, 'qrcode')).statusCode).toBe(200);
  });

  it('does not exist for an unknown attempt or a checkout attempt, and refuses an unknown answer', async () => {
    const { orderId, sessionId } = await activeOrder();
    const hosted = await h.simulator.store.pay(orderId, 'upi', 'FAILED');
    const hostedId = 'payment' in hosted ? hosted.payment.cfPaymentId : 'none';
    for (const tr of ['1234567890123', hostedId, 'abc', '']) {
      const page = await h.app.inject({ method: 'GET', url: `/__simulator/upi/intent?tr=${tr}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This UPI payment request does not exist.');
    }
    const { cf_payment_id: tr } = await startAttempt(sessionId);
    expect((await answer(tr, 'PENDING')).statusCode).toBe(400);
    expect((await answer('1234567890123', 'SUCCESS')).statusCode).toBe(400);
    expect((await attemptsOf(orderId))[0]).toMatchObject({ cf_payment_id: tr, payment_status: 'PENDING' });
  });
});

describe('POST /__simulator/upi/complete', () => {
  const complete = (payload: object) => h.app.inject({ method: 'POST', url: '/__simulator/upi/complete', payload });

  it('answers as the page does and returns the attempt as Get Payments shows it', async () => {
    const { orderId, sessionId } = await activeOrder();
    const { cf_payment_id: tr } = await startAttempt(sessionId);
    const done = await complete({ cf_payment_id: tr, outcome: 'SUCCESS' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      cf_payment_id: tr,
      order_id: orderId,
      payment_status: 'SUCCESS',
      payment_group: 'upi',
    });
    expect(h.delivered('PAYMENT_SUCCESS_WEBHOOK')).toHaveLength(1);
    const again = await complete({ cf_payment_id: tr, outcome: 'SUCCESS' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'payment_not_pending', message: 'payment is already SUCCESS' });
    expect(h.webhooks).toHaveLength(1);
  });

  it('refuses an unknown attempt and a body without an id or a known outcome', async () => {
    expect((await complete({ cf_payment_id: '1234567890123', outcome: 'SUCCESS' })).statusCode).toBe(404);
    expect((await complete({ cf_payment_id: 1234567890123, outcome: 'SUCCESS' })).statusCode).toBe(400);
    expect((await complete({ cf_payment_id: '1234567890123', outcome: 'PAID' })).statusCode).toBe(400);
  });
});

describe('how a waiting attempt ends without the fan', () => {
  // Attempts the tests above left waiting lapse first, so each test counts only its own.
  beforeEach(async () => {
    h.clock.advance(UPI_WAIT_MS);
    await h.simulator.runDue();
    h.webhooks.length = 0;
  });

  it(`unanswered for ${UPI_WAIT_MS / 60_000} minutes of the simulator’s clock: USER_DROPPED, with its webhook`, async () => {
    const { orderId, sessionId } = await activeOrder();
    const { cf_payment_id: tr } = await startAttempt(sessionId, 'qrcode');
    h.clock.advance(UPI_WAIT_MS - 1);
    expect(await h.simulator.runDue()).toMatchObject({ attemptsSettled: 0 });
    expect((await attemptsOf(orderId))[0]).toMatchObject({ payment_status: 'PENDING' });
    h.clock.advance(1);
    // Get Payments says so at once; the webhook goes out with the next due work.
    expect((await attemptsOf(orderId))[0]).toMatchObject({ cf_payment_id: tr, payment_status: 'USER_DROPPED' });
    expect(await h.simulator.runDue()).toMatchObject({ attemptsSettled: 1 });
    expect(h.delivered('PAYMENT_USER_DROPPED_WEBHOOK').map((one) => one.payload)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          payment: expect.objectContaining({
            cf_payment_id: tr,
            payment_method: { upi: { channel: 'qrcode', upi_id: null } },
          }),
        }),
      }),
    ]);
    expect(await h.simulator.runDue()).toMatchObject({ attemptsSettled: 0 });
    // Too late to pay it; the order itself is still open.
    expect((await answer(tr, 'SUCCESS')).statusCode).toBe(303);
    expect((await h.pg('GET', `/orders/${orderId}`)).json()).toMatchObject({ order_status: 'ACTIVE' });
    expect(h.delivered('PAYMENT_SUCCESS_WEBHOOK')).toEqual([]);
  });

  it('a success on the order closes its other waiting UPI attempts: USER_DROPPED, their webhooks after the success', async () => {
    const { orderId, sessionId } = await activeOrder();
    const link = await startAttempt(sessionId, 'link');
    const qr = await startAttempt(sessionId, 'qrcode');
    expect((await answer(qr.cf_payment_id, 'SUCCESS')).statusCode).toBe(303);
    const statuses = Object.fromEntries(
      (await attemptsOf(orderId)).map((one) => [one.cf_payment_id, one.payment_status]),
    );
    expect(statuses).toEqual({ [qr.cf_payment_id]: 'SUCCESS', [link.cf_payment_id]: 'USER_DROPPED' });
    expect(h.webhooks.map((one) => one.type)).toEqual(['PAYMENT_SUCCESS_WEBHOOK', 'PAYMENT_USER_DROPPED_WEBHOOK']);
    // Nothing is left for the clock to do.
    h.clock.advance(UPI_WAIT_MS);
    expect(await h.simulator.runDue()).toMatchObject({ attemptsSettled: 0 });
    expect(h.webhooks).toHaveLength(2);
  });

  it('so does a success through the hosted checkout', async () => {
    const { orderId, sessionId } = await activeOrder();
    const waiting = await startAttempt(sessionId, 'link');
    const paid = await h.app.inject({
      method: 'GET',
      url: `/__simulator/checkout/complete?payment_session_id=${encodeURIComponent(sessionId)}&method=card&outcome=SUCCESS`,
    });
    expect(paid.statusCode).toBe(303);
    const attempts = await attemptsOf(orderId);
    expect(attempts.find((one) => one.cf_payment_id === waiting.cf_payment_id)).toMatchObject({
      payment_status: 'USER_DROPPED',
    });
    expect(h.webhooks.map((one) => one.type)).toEqual(['PAYMENT_SUCCESS_WEBHOOK', 'PAYMENT_USER_DROPPED_WEBHOOK']);
  });
});
