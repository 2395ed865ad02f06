import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  CASHFREE_API_VERSION,
  type CashfreeOptions,
  createCashfreeGateway,
} from '../src/providers/payments/cashfree-gateway.js';
import { selfTransport } from '../src/providers/payments/self-transport.js';
import {
  createPaymentSimulator,
  type PaymentSimulator,
  SIMULATOR_PG_BASE,
} from '../src/providers/payments/simulator/payment-simulator.js';
import type { SimMethod } from '../src/providers/payments/simulator/simulator-store.js';
import { checkWebhookSignature } from '../src/providers/payments/webhook-signature.js';
import { createMigratedTestDatabase, FakeClock } from './test-app.js';

export const CLIENT_ID = 'kholo-simulator';
export const SECRET = 'simulator-secret-for-tests';
/** Where the harness says it is served: the simulator's UPI QR codes point here. */
export const PUBLIC_URL = 'http://kholo.test';
/** What a control route needs to be let through in the harness (the app asks for the admin). */
export const ADMIN_HEADERS = { 'x-test-admin': 'yes' };

export interface DeliveredWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
  type: string;
}

export type SimulatorHarness = Awaited<ReturnType<typeof simulatorHarness>>;

/**
 * The payment simulator on a bare Fastify app of its own, over a migrated test database: the
 * real adapter talks to its routes through app.inject (selfTransport), and its webhooks are
 * caught where they leave it (its transport) instead of reaching any route of Kholo's. So the
 * provider's side is tested alone, whatever the app later does with refund and dispute news.
 */
export async function simulatorHarness() {
  const database = await createMigratedTestDatabase();
  const clock = new FakeClock();
  const app: FastifyInstance = Fastify();
  const webhooks: DeliveredWebhook[] = [];
  /** The statuses the next deliveries are answered with; 200 once none are left. */
  const webhookAnswers: number[] = [];
  const simulator: PaymentSimulator = createPaymentSimulator({
    db: database.database.db,
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    publicUrl: PUBLIC_URL,
    now: () => clock.now(),
    transport: (url, init) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const body = typeof init.body === 'string' ? init.body : '';
      webhooks.push({ url, headers, body, type: (JSON.parse(body) as { type: string }).type });
      return Promise.resolve(new Response('{}', { status: webhookAnswers.shift() ?? 200 }));
    },
    webhookPath: '/api/payment/webhook',
    logger: { warn: () => undefined },
    authorizeControls: (request) => {
      if (request.headers['x-test-admin'] === 'yes') return Promise.resolve();
      return Promise.reject(Object.assign(new Error('admins only'), { statusCode: 403 }));
    },
  });
  simulator.register(app);
  await app.ready();

  let orders = 0;
  const harness = {
    app,
    clock,
    simulator,
    webhooks,
    webhookAnswers,
    database: database.database,

    /** The adapter as app.ts builds it for the simulator, every request recorded. */
    adapter(options: Partial<CashfreeOptions> = {}) {
      const calls: { method: string; url: string; body: string | null }[] = [];
      const inner = selfTransport(app);
      const gateway = createCashfreeGateway({
        baseUrl: SIMULATOR_PG_BASE,
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        transport: (url, init) => {
          calls.push({
            method: init.method ?? 'GET',
            url: url.slice(SIMULATOR_PG_BASE.length),
            body: typeof init.body === 'string' ? init.body : null,
          });
          return inner(url, init);
        },
        timeoutMs: 2000,
        retryDelaysMs: [0, 0],
        ...options,
      });
      return { gateway, calls };
    },

    /** An order at the simulator, unpaid. */
    async openOrder(amountPaise = 14_900): Promise<string> {
      orders += 1;
      const orderId = `kh_refunds_${String(orders)}`;
      const created = await simulator.store.create({
        order_id: orderId,
        order_amount: amountPaise / 100,
        order_currency: 'INR',
        customer_details: {
          customer_id: 'ufan001',
          customer_phone: '9999999999',
          customer_email: 'arjun@example.com',
          customer_name: 'Arjun Mehta',
        },
        order_expiry_time: '2099-01-01T00:00:00+05:30',
      });
      expect(created).toHaveProperty('order');
      return orderId;
    },

    /** An order the fan has paid (no webhook: these tests are about what comes after). */
    async paidOrder(amountPaise = 14_900, method: SimMethod = 'upi'): Promise<string> {
      const orderId = await harness.openOrder(amountPaise);
      expect(await simulator.store.pay(orderId, method, 'SUCCESS')).toHaveProperty('payment');
      return orderId;
    },

    /** A request to the simulator's Cashfree API with its headers, some of which a test may drop. */
    pg(method: 'GET' | 'POST', path: string, payload?: object, headers: Record<string, string | undefined> = {}) {
      const merged: Record<string, string | undefined> = {
        'x-client-id': CLIENT_ID,
        'x-client-secret': SECRET,
        'x-api-version': CASHFREE_API_VERSION,
        ...headers,
      };
      return app.inject({
        method,
        url: `${SIMULATOR_PG_BASE}${path}`,
        headers: Object.fromEntries(
          Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
        ...(payload === undefined ? {} : { payload }),
      });
    },

    /** A webhook as delivered, checked: signed with the simulator's secret at the clock's now. */
    verified(webhook: DeliveredWebhook) {
      const problem = checkWebhookSignature(
        SECRET,
        { timestamp: webhook.headers['x-webhook-timestamp'], signature: webhook.headers['x-webhook-signature'] },
        Buffer.from(webhook.body, 'utf8'),
        clock.now(),
        { maxAgeMs: 60 * 24 * 60 * 60_000 },
      );
      expect(problem, `the ${webhook.type} webhook's signature`).toBeNull();
      return { ...webhook, payload: JSON.parse(webhook.body) as unknown };
    },

    /** Webhooks of one type, each checked. */
    delivered(type: string) {
      return webhooks.filter((webhook) => webhook.type === type).map((webhook) => harness.verified(webhook));
    },

    async close() {
      simulator.close();
      await app.close();
      await database.close();
    },
  };
  return harness;
}
