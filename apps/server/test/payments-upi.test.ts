import {
  type CreateOrderResponse,
  UPI_APP_LABELS,
  UPI_APPS,
  UPI_ATTEMPT_MINUTES,
  type UpiPayment,
} from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPI_WAIT_MS } from '../src/providers/payments/simulator/simulator-store.js';
import { errorOf, freshIp } from './accounts-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  newFan,
  orderEffects,
  payInSimulator,
  postOrder,
  resetSimulator,
  sellerAndFan,
  setControls,
  simulatorOf,
  verify,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * POST /api/payment/upi (issue 23): a UPI attempt on the caller's own open order, through the
 * provider's order pay; in simulator mode the app links open the simulator's stand-in for a UPI
 * app, and a payment made there settles through the paths every payment takes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

const CHECKOUT_ENDED = 'This checkout has ended. Please tap Unlock again to start a new one.';

function postUpi(cookie: string | undefined, payload: unknown, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/upi',
    payload: payload as object,
    remoteAddress: ip,
    headers: cookie === undefined ? {} : { cookie },
  });
}

async function startUpi(cookie: string, orderId: string, channel: 'link' | 'qrcode' = 'link'): Promise<UpiPayment> {
  const response = await postUpi(cookie, { order_id: orderId, channel });
  if (response.statusCode !== 200) throw new Error(`upi failed: ${response.statusCode} ${response.body}`);
  return response.json<UpiPayment>();
}

async function openOrder() {
  const cast = await sellerAndFan(t.app);
  const order = await createOrder(t.app, cast.fan.cookie, cast.item.id);
  return { ...cast, order };
}

async function attemptsAt(orderId: string) {
  return (await simulatorOf(t.app).store.get(orderId))?.payments ?? [];
}

/** What the fan's phone does with an app link: opens it (a path on this server in test mode). */
function open(app: FastifyInstance, href: string): Promise<LightMyRequestResponse> {
  const url = new URL(href);
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, remoteAddress: freshIp() });
}

/** The form on the stand-in page: Pay (SUCCESS), Decline (FAILED) or Cancel (USER_DROPPED). */
function answerOnPage(tr: string, outcome: 'SUCCESS' | 'FAILED' | 'USER_DROPPED') {
  return t.app.inject({
    method: 'GET',
    url: `/__simulator/upi/intent/answer?tr=${tr}&outcome=${outcome}`,
    remoteAddress: freshIp(),
  });
}

describe('POST /api/payment/upi: who may ask', () => {
  it('needs a session (or the checkout cookie of this order)', async () => {
    const { order } = await openOrder();
    const response = await postUpi(undefined, { order_id: order.order_id, channel: 'link' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    expect(await attemptsAt(order.order_id)).toEqual([]);
  });

  it('answers 404 for another person’s order and for none at all, and starts nothing', async () => {
    const { creator, order } = await openOrder();
    const stranger = await newFan(t.app, 'Neha Gupta');
    for (const [cookie, orderId] of [
      [stranger.cookie, order.order_id],
      [creator.cookie, order.order_id],
      [stranger.cookie, 'kh_nothing_here'],
    ] as const) {
      const response = await postUpi(cookie, { order_id: orderId, channel: 'qrcode' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Order not found.' });
    }
    expect(await attemptsAt(order.order_id)).toEqual([]);
  });

  it('lets a visitor start UPI on the order her checkout cookie names, and on no other', async () => {
    const { item, order: someoneElses } = await openOrder();
    const made = await postOrder(t.app, undefined, { contentId: item.id, email: 'visitor.upi@example.com' });
    expect(made.statusCode).toBe(200);
    const setCookie = made.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
      .find((value) => value.startsWith('kholo.checkout='))
      ?.split(';')[0];
    if (cookie === undefined) throw new Error('no checkout cookie');
    const order = made.json<CreateOrderResponse>();
    const upi = await postUpi(cookie, { order_id: order.order_id, channel: 'link' });
    expect(upi.statusCode).toBe(200);
    expect(await attemptsAt(order.order_id)).toHaveLength(1);
    const other = await postUpi(cookie, { order_id: someoneElses.order_id, channel: 'link' });
    expect(other.statusCode).toBe(401);
  });
});

describe('POST /api/payment/upi: the answer', () => {
  it('link: one link per app in UPI_APPS order, each opening the simulator’s page for this attempt', async () => {
    const { fan, order } = await openOrder();
    const response = await postUpi(fan.cookie, { order_id: order.order_id, channel: 'link' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [attempt] = await attemptsAt(order.order_id);
    expect(attempt).toMatchObject({ status: 'PENDING', upiChannel: 'link' });
    const tr = attempt?.cfPaymentId ?? 'missing';
    expect(response.json()).toEqual({
      channel: 'link',
      apps: UPI_APPS.map((app) => ({
        app,
        label: UPI_APP_LABELS[app],
        href: `${t.config.publicUrl}/__simulator/upi/intent?tr=${tr}&app=${app}`,
      })),
      qrImage: null,
      expiresAt: t.clock.now() + UPI_ATTEMPT_MINUTES * 60_000,
    });
    // Over http, so a phone or a CI browser can open it: the page for this attempt, this app.
    const page = await open(t.app, response.json<UpiPayment>().apps[0]?.href ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Google Pay (test)');
    expect(page.body).toContain(`name="tr" value="${tr}"`);
  });

  it('qrcode: the PNG, no links', async () => {
    const { fan, order } = await openOrder();
    const payment = await startUpi(fan.cookie, order.order_id, 'qrcode');
    expect(payment).toMatchObject({ channel: 'qrcode', apps: [], expiresAt: t.clock.now() + UPI_WAIT_MS });
    expect(payment.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(await attemptsAt(order.order_id)).toEqual([expect.objectContaining({ upiChannel: 'qrcode' })]);
  });

  it('refuses a channel or an order id it does not know, with the reason under the field', async () => {
    const { fan, order } = await openOrder();
    const collect = await postUpi(fan.cookie, { order_id: order.order_id, channel: 'collect' });
    expect(collect.statusCode).toBe(400);
    expect(errorOf(collect)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { channel: 'Please choose UPI apps (link) or a QR code (qrcode).' },
    });
    const id = await postUpi(fan.cookie, { order_id: 'not an id', channel: 'link' });
    expect(errorOf(id).fields).toEqual({ order_id: 'That is not a Kholo order id.' });
    expect(await attemptsAt(order.order_id)).toEqual([]);
  });

  it('is rate-limited per address', async () => {
    const ip = freshIp();
    for (let call = 0; call < 30; call++) expect((await postUpi(undefined, {}, ip)).statusCode).toBe(400);
    expect((await postUpi(undefined, {}, ip)).statusCode).toBe(429);
  });
});

describe('POST /api/payment/upi: only an open order', () => {
  it('a paid order: 409, already paid, and no attempt', async () => {
    const { fan, order } = await openOrder();
    expect((await payInSimulator(t.app, order.payment_session_id)).statusCode).toBe(303);
    const response = await postUpi(fan.cookie, { order_id: order.order_id, channel: 'link' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: 'This order is already paid.' });
    expect((await attemptsAt(order.order_id)).filter((one) => one.upiChannel !== undefined)).toEqual([]);
  });

  it('paid at the provider with its webhook lost: the provider’s refusal is checked, the order settles once, 409 already paid', async () => {
    const { fan, order } = await openOrder();
    setControls(t.app, { dropWebhooks: true });
    await payInSimulator(t.app, order.payment_session_id);
    expect((await orderEffects(t.database, order.order_id)).status).toBe('ACTIVE');
    const response = await postUpi(fan.cookie, { order_id: order.order_id, channel: 'qrcode' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('This order is already paid.');
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
  });

  it('an expired checkout: 409 saying to start again, and no attempt', async () => {
    const { fan, order } = await openOrder();
    t.clock.advance(30 * 60_000);
    const response = await postUpi(fan.cookie, { order_id: order.order_id, channel: 'link' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: CHECKOUT_ENDED });
    expect(await attemptsAt(order.order_id)).toEqual([]);
  });

  it('order pay not enabled at the provider: 502, and she is told to pay another way', async () => {
    const { fan, order } = await openOrder();
    setControls(t.app, { s2sDisabled: true });
    const response = await postUpi(fan.cookie, { order_id: order.order_id, channel: 'link' });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response)).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'Paying with a UPI app or QR code is not available right now. Please choose another way to pay.',
    });
  });

  it('the provider down: 502, try again', async () => {
    const { fan, order } = await openOrder();
    setControls(t.app, { failNextRequests: 10 });
    const response = await postUpi(fan.cookie, { order_id: order.order_id, channel: 'qrcode' });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).message).toBe(
      'UPI is not available right now. Please try again in a minute, or choose another way to pay.',
    );
  });
});

describe('paying by UPI settles through the usual paths', () => {
  it('Pay on the app’s page: back to Kholo, the order PAID once with one unlock and one sale, by UPI', async () => {
    const { fan, item, order } = await openOrder();
    const link = await startUpi(fan.cookie, order.order_id, 'link');
    const qr = await startUpi(fan.cookie, order.order_id, 'qrcode');
    const tr = new URL(link.apps[1]?.href ?? '').searchParams.get('tr') ?? '';
    const paid = await answerOnPage(tr, 'SUCCESS');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${t.config.publicUrl}/payment-success?order_id=${order.order_id}&contentId=${item.id}`,
    );
    const answer = await verify(t.app, fan.cookie, order.order_id);
    expect(answer).toMatchObject({ status: 'PAID', failure: null });
    expect(answer.expiresAt).not.toBeNull();
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.unlocks).toHaveLength(1);
    expect(effects.sales).toHaveLength(1);
    expect(effects.order).toMatchObject({ providerPaymentId: tr, paymentMethod: 'upi' });
    // The QR's attempt was closed by the success; answering anything again changes nothing.
    expect((await attemptsAt(order.order_id)).map((one) => one.status).sort()).toEqual(['SUCCESS', 'USER_DROPPED']);
    expect(qr.qrImage).toMatch(/^data:image\/png;base64,/);
    expect((await answerOnPage(tr, 'SUCCESS')).statusCode).toBe(303);
    await t.app.payments.service.reconcileOnce(100);
    const after = await orderEffects(t.database, order.order_id);
    expect(after.unlocks).toHaveLength(1);
    expect(after.sales).toHaveLength(1);
    const upiAgain = await postUpi(fan.cookie, { order_id: order.order_id, channel: 'link' });
    expect(errorOf(upiAgain).message).toBe('This order is already paid.');
  });

  it(`an attempt left ${UPI_ATTEMPT_MINUTES} minutes ends dropped (verify: cancelled), and she can start another and pay`, async () => {
    const { fan, order } = await openOrder();
    const first = await startUpi(fan.cookie, order.order_id, 'qrcode');
    expect(await verify(t.app, fan.cookie, order.order_id)).toMatchObject({ status: 'PENDING' });
    t.clock.advance(first.expiresAt - t.clock.now());
    await simulatorOf(t.app).runDue();
    expect(await verify(t.app, fan.cookie, order.order_id)).toMatchObject({ status: 'FAILED', failure: 'cancelled' });
    const second = await startUpi(fan.cookie, order.order_id, 'link');
    expect(second.apps).toHaveLength(UPI_APPS.length);
    const tr = (await attemptsAt(order.order_id))[0]?.cfPaymentId ?? '';
    expect((await answerOnPage(tr, 'SUCCESS')).statusCode).toBe(303);
    expect(await verify(t.app, fan.cookie, order.order_id)).toMatchObject({ status: 'PAID' });
    expect((await orderEffects(t.database, order.order_id)).unlocks).toHaveLength(1);
  });

  it('Decline in the app: verify says declined, and the order stays payable', async () => {
    const { fan, order } = await openOrder();
    await startUpi(fan.cookie, order.order_id, 'link');
    const tr = (await attemptsAt(order.order_id))[0]?.cfPaymentId ?? '';
    expect((await answerOnPage(tr, 'FAILED')).statusCode).toBe(303);
    expect(await verify(t.app, fan.cookie, order.order_id)).toMatchObject({ status: 'FAILED', failure: 'declined' });
    expect((await postUpi(fan.cookie, { order_id: order.order_id, channel: 'qrcode' })).statusCode).toBe(200);
  });
});
