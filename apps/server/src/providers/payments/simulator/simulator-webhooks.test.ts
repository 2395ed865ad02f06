import { describe, expect, it } from 'vitest';
import type { Transport } from '../cashfree-gateway.js';
import { checkWebhookSignature } from '../webhook-signature.js';
import { defaultControls, type SimOrder, type SimPayment, type SimulatorControls } from './simulator-store.js';
import { SimulatorWebhooks } from './simulator-webhooks.js';

/** The simulator's webhooks over a recording transport that answers as scripted (200 by default). */
function harness(changes: Partial<SimulatorControls> = {}, statuses: number[] = []) {
  let now = Date.UTC(2026, 10, 21, 6, 0);
  const controls = { ...defaultControls(), ...changes };
  const sent: { headers: Record<string, string>; body: string }[] = [];
  const transport: Transport = (_url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    sent.push({ headers, body: typeof init.body === 'string' ? init.body : '' });
    return Promise.resolve(new Response('{}', { status: statuses.shift() ?? 200 }));
  };
  const webhooks = new SimulatorWebhooks({
    url: '/api/payment/webhook',
    secret: 'sim-secret',
    transport,
    now: () => now,
    controls: () => controls,
    logger: { warn: () => undefined },
  });
  return {
    webhooks,
    sent,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

const order: SimOrder = {
  orderId: 'kh_webhook_1',
  cfOrderId: '4455667788',
  amountPaise: 14_900,
  currency: 'INR',
  status: 'PAID',
  sessionId: 'session_x',
  returnUrl: null,
  customer: { customer_id: 'ufan001', customer_phone: '9999999999', customer_email: 'fan@example.com' },
  note: 'Unlock: Holi',
  tags: { contentId: 'item-1', creatorId: 'creator-1' },
  createdAt: Date.UTC(2026, 10, 21, 5, 50),
  expiresAt: Date.UTC(2026, 10, 21, 6, 20),
  payments: [],
  refunds: [],
  disputes: [],
};
const payment = (changes: Partial<SimPayment> = {}): SimPayment => ({
  cfPaymentId: '5114910000001234',
  status: 'SUCCESS',
  amountPaise: 14_900,
  method: 'upi',
  time: Date.UTC(2026, 10, 21, 5, 55),
  ...changes,
});

describe('M8: webhook bodies in Cashfree’s 2025-01-01 shape', () => {
  it('a UPI success carries the method, the gateway details, no offers and Cashfree’s message', async () => {
    const { webhooks, sent } = harness();
    await webhooks.paymentEvent(order, payment());
    expect(sent).toHaveLength(1);
    const raw = sent[0]!.body;
    // Amounts as Cashfree writes them, two decimals in the raw text.
    expect(raw).toContain('"order_amount":149.00,');
    expect(raw).toContain('"payment_amount":149.00,');
    const body = JSON.parse(raw) as { type: string; event_time: string; data: Record<string, unknown> };
    expect(body.type).toBe('PAYMENT_SUCCESS_WEBHOOK');
    expect(body.event_time).toBe('2026-11-21T11:30:00+05:30');
    expect(body.data).toEqual({
      order: {
        order_id: 'kh_webhook_1',
        order_amount: 149,
        order_currency: 'INR',
        order_tags: { contentId: 'item-1', creatorId: 'creator-1' },
      },
      payment: {
        cf_payment_id: '5114910000001234',
        payment_status: 'SUCCESS',
        payment_amount: 149,
        payment_currency: 'INR',
        payment_message: '00::Transaction success',
        payment_time: '2026-11-21T11:25:00+05:30',
        bank_reference: '910000001234',
        auth_id: null,
        payment_method: { upi: { channel: 'collect', upi_id: 'testsuccess@gocash' } },
        payment_group: 'upi',
      },
      customer_details: { customer_id: 'ufan001', customer_phone: '9999999999', customer_email: 'fan@example.com' },
      error_details: null,
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_order_id: '4455667788',
        gateway_payment_id: '5114910000001234',
        gateway_order_reference_id: null,
        gateway_settlement: 'CASHFREE',
        gateway_status_code: null,
      },
      payment_offers: null,
    });
  });

  it('a failed card payment and a dropped one carry their error details; other statuses send nothing', async () => {
    const { webhooks, sent } = harness();
    await webhooks.paymentEvent(order, payment({ status: 'FAILED', method: 'card' }));
    await webhooks.paymentEvent(order, payment({ status: 'USER_DROPPED', method: 'netbanking' }));
    for (const status of ['PENDING', 'NOT_ATTEMPTED', 'CANCELLED', 'VOID'] as const) {
      await webhooks.paymentEvent(order, payment({ status }));
    }
    const [failed, dropped] = sent.map(
      (one) =>
        JSON.parse(one.body) as { type: string; data: { payment: Record<string, unknown>; error_details: unknown } },
    );
    expect(sent).toHaveLength(2);
    expect(failed).toMatchObject({
      type: 'PAYMENT_FAILED_WEBHOOK',
      data: {
        payment: {
          payment_status: 'FAILED',
          payment_group: 'credit_card',
          payment_method: { card: expect.objectContaining({ card_network: 'visa' }) },
          bank_reference: null,
        },
        error_details: expect.objectContaining({ error_code: 'TRANSACTION_DECLINED', error_source: 'bank' }),
      },
    });
    expect(dropped).toMatchObject({
      type: 'PAYMENT_USER_DROPPED_WEBHOOK',
      data: {
        payment: { payment_status: 'USER_DROPPED', payment_group: 'net_banking' },
        error_details: expect.objectContaining({ error_source: 'customer' }),
      },
    });
  });
});

describe('retries on the clock (M2)', () => {
  const retryDelays = { webhookRetryDelaysMs: [2 * 60_000, 10 * 60_000, 30 * 60_000] };

  it('a refused delivery is sent again once the clock reaches each retry, with a fresh timestamp by default', async () => {
    const { webhooks, sent, advance, now } = harness(retryDelays, [500, 500, 500, 500]);
    const first = now();
    await webhooks.paymentEvent(order, payment());
    expect(await webhooks.runDue()).toBe(0);
    advance(2 * 60_000 - 1);
    expect(await webhooks.runDue()).toBe(0);
    advance(1);
    expect(await webhooks.runDue()).toBe(1);
    advance(10 * 60_000);
    expect(await webhooks.runDue()).toBe(1);
    advance(30 * 60_000);
    expect(await webhooks.runDue()).toBe(1);
    advance(24 * 60 * 60_000);
    expect(await webhooks.runDue()).toBe(0);
    expect(
      sent.map((one) => [one.headers['x-webhook-attempt'], Number(one.headers['x-webhook-timestamp']) - first]),
    ).toEqual([
      ['1', 0],
      ['2', 2 * 60_000],
      ['3', 12 * 60_000],
      ['4', 42 * 60_000],
    ]);
    // Each delivery is signed for its own timestamp, and all carry the same idempotency key.
    for (const one of sent) {
      const signed = { timestamp: one.headers['x-webhook-timestamp'], signature: one.headers['x-webhook-signature'] };
      const at = Number(one.headers['x-webhook-timestamp']);
      expect(checkWebhookSignature('sim-secret', signed, Buffer.from(one.body), at)).toBeNull();
    }
    expect(new Set(sent.map((one) => one.headers['x-idempotency-key'])).size).toBe(1);
    expect(new Set(sent.map((one) => one.body)).size).toBe(1);
  });

  it('with keepFirstWebhookTimestamp, retries repeat the first timestamp and its signature', async () => {
    const { webhooks, sent, advance, now } = harness({ ...retryDelays, keepFirstWebhookTimestamp: true }, [401, 401]);
    const first = String(now());
    await webhooks.paymentEvent(order, payment());
    advance(2 * 60_000);
    await webhooks.runDue();
    advance(10 * 60_000);
    await webhooks.runDue();
    expect(sent.map((one) => one.headers['x-webhook-timestamp'])).toEqual([first, first, first]);
    expect(new Set(sent.map((one) => one.headers['x-webhook-signature'])).size).toBe(1);
    expect(sent.map((one) => one.headers['x-webhook-attempt'])).toEqual(['1', '2', '3']);
    // 12 minutes old at the third attempt: refused by a 10-minute window, accepted by the app's.
    const third = sent[2]!;
    const signed = { timestamp: third.headers['x-webhook-timestamp'], signature: third.headers['x-webhook-signature'] };
    expect(checkWebhookSignature('sim-secret', signed, Buffer.from(third.body), now())).toBe('stale');
    expect(
      checkWebhookSignature('sim-secret', signed, Buffer.from(third.body), now(), { maxAgeMs: 24 * 60 * 60_000 }),
    ).toBeNull();
  });

  it('gives up after the schedule, and close() drops what is queued', async () => {
    const gaveUp = harness({ webhookRetryDelaysMs: [1000] }, [500, 500]);
    await gaveUp.webhooks.paymentEvent(order, payment());
    gaveUp.advance(1000);
    expect(await gaveUp.webhooks.runDue()).toBe(1);
    gaveUp.advance(60 * 60_000);
    expect(await gaveUp.webhooks.runDue()).toBe(0);
    expect(gaveUp.sent).toHaveLength(2);

    const closed = harness({ webhookRetryDelaysMs: [1000] }, [500]);
    await closed.webhooks.paymentEvent(order, payment());
    closed.webhooks.close();
    closed.advance(1000);
    expect(await closed.webhooks.runDue()).toBe(0);
    expect(closed.sent).toHaveLength(1);
  });
});
