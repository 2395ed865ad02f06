import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/providers/payments/webhook-signature.js';
import {
  createOrder,
  expectLedgerHolds,
  orderEffects,
  resetSimulator,
  sellerAndFan,
  simulatorOf,
  webhookBody,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * The webhook route's replay window and keys (contract check M2, M6): Cashfree retries a
 * refused delivery at 2, 10 and 30 minutes (or on a custom schedule) and may keep the first
 * timestamp; during a secret rotation it signs with the secret active when the event was sent.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
const logged: Record<string, unknown>[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logged.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  t = await buildTestApp({}, { logger: pino({ level: 'info' }, stream) });
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

let paymentCounter = 0;
function paymentId(): string {
  paymentCounter += 1;
  return String(7_114_910_000_000 + paymentCounter);
}

function deliver(app: TestApp['app'], body: string, options: { secret: string; sentAt: number; attempt?: number }) {
  const timestamp = String(options.sentAt);
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-version': '2025-01-01',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(options.secret, timestamp, body),
      'x-webhook-attempt': String(options.attempt ?? 1),
    },
  });
}

async function openOrder() {
  const { fan, item } = await sellerAndFan(t.app);
  return createOrder(t.app, fan.cookie, item.id);
}

describe('M2: the replay window covers Cashfree’s retries', () => {
  it('a retry carrying the first timestamp, 42 minutes old, settles; the log has its age and attempt', async () => {
    const order = await openOrder();
    const sentAt = t.clock.now() - 42 * MINUTE;
    const body = webhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId: paymentId() });
    const response = await deliver(t.app, body, { secret: simulatorOf(t.app).secret, sentAt, attempt: 4 });
    expect(response.statusCode).toBe(200);
    const effects = await orderEffects(t.database, order.order_id);
    expect(effects.status).toBe('PAID');
    expect(effects.unlocks).toHaveLength(1);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'payment webhook', orderId: order.order_id, attempt: '4', ageMs: 42 * MINUTE }),
    );
  });

  it('the same delivery replayed a day later, inside the window, changes nothing', async () => {
    const order = await openOrder();
    const sentAt = t.clock.now();
    const body = webhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId: paymentId() });
    const secret = simulatorOf(t.app).secret;
    expect((await deliver(t.app, body, { secret, sentAt })).statusCode).toBe(200);
    const first = await orderEffects(t.database, order.order_id);

    t.clock.advance(24 * HOUR);
    expect((await deliver(t.app, body, { secret, sentAt, attempt: 2 })).statusCode).toBe(200);
    const again = await orderEffects(t.database, order.order_id);
    expect(again.order).toEqual(first.order);
    expect(again.unlocks).toEqual(first.unlocks);
    expect(again.sales).toEqual(first.sales);
    expect(again.events).toHaveLength(1);
    expect(again.events[0]).toMatchObject({ deliveries: 2 });

    t.clock.advance(1);
    const stale = await deliver(t.app, body, { secret, sentAt, attempt: 3 });
    expect(stale.statusCode).toBe(401);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'refused a payment webhook',
        problem: 'stale',
        attempt: '3',
        ageMs: 24 * HOUR + 1,
      }),
    );
  });

  it('follows WEBHOOK_REPLAY_WINDOW_HOURS', async () => {
    const own = await buildTestApp({ ...t.config, payments: { ...t.config.payments, webhookReplayWindowMs: HOUR } });
    try {
      const { fan, item } = await sellerAndFan(own.app);
      const order = await createOrder(own.app, fan.cookie, item.id);
      const body = webhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId: paymentId() });
      const secret = simulatorOf(own.app).secret;
      const old = await deliver(own.app, body, { secret, sentAt: own.clock.now() - HOUR - 1 });
      expect(old.statusCode).toBe(401);
      expect((await orderEffects(own.database, order.order_id)).status).toBe('ACTIVE');
      expect((await deliver(own.app, body, { secret, sentAt: own.clock.now() - HOUR })).statusCode).toBe(200);
      expect((await orderEffects(own.database, order.order_id)).status).toBe('PAID');
    } finally {
      await own.close();
    }
  });
});

describe('M6: a previous Cashfree secret during a rotation', () => {
  /** An app on Cashfree keys (no call reaches Cashfree: only webhooks are posted here). */
  async function cashfreeApp(previousClientSecret: string | null) {
    return buildTestApp({
      ...t.config,
      payments: {
        ...t.config.payments,
        cashfree: { clientId: 'cf-test-app', clientSecret: 'cfsk_new_secret', env: 'sandbox', previousClientSecret },
      },
    });
  }

  it('webhooks signed with the current or the previous secret are accepted, any other refused', async () => {
    const own = await cashfreeApp('cfsk_old_secret');
    try {
      const body = webhookBody({ orderId: 'kh_not_ours', amountPaise: 14_900, paymentId: paymentId() });
      const sentAt = own.clock.now();
      expect((await deliver(own.app, body, { secret: 'cfsk_new_secret', sentAt })).statusCode).toBe(200);
      expect((await deliver(own.app, body, { secret: 'cfsk_old_secret', sentAt })).statusCode).toBe(200);
      expect((await deliver(own.app, body, { secret: 'cfsk_other_secret', sentAt })).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('without CASHFREE_PREVIOUS_CLIENT_SECRET only the current secret is accepted', async () => {
    const own = await cashfreeApp(null);
    try {
      const body = webhookBody({ orderId: 'kh_not_ours', amountPaise: 14_900, paymentId: paymentId() });
      const sentAt = own.clock.now();
      expect((await deliver(own.app, body, { secret: 'cfsk_old_secret', sentAt })).statusCode).toBe(401);
      expect((await deliver(own.app, body, { secret: 'cfsk_new_secret', sentAt })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
