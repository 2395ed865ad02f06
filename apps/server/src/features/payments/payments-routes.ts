import {
  createOrderInput,
  createOrderResponse,
  guestOrderInput,
  type Locale,
  manualWalletUpdateInput,
  manualWalletUpdateResponse,
  rupeesToPaise,
  upiPayInput,
  upiPayment,
  verifyPaymentInput,
  verifyPaymentResponse,
} from '@kholo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { localeOfRequest } from '../../lib/request-locale.js';
import { parseInput } from '../../lib/validate.js';
import type { GatewayDispute, GatewayRefund } from '../../providers/payments/payment-gateway.js';
import { paymentMethodOf } from '../../providers/payments/cashfree-entities.js';
import { disputeWebhook, refundWebhook } from '../../providers/payments/webhook-events.js';
import { checkWebhookSignature, webhookAgeMs } from '../../providers/payments/webhook-signature.js';
import { type CheckoutCookies, requireAdmin, type Sessions, type SignedInAccount } from '../accounts/index.js';
import type { WalletAdjustments } from '../ledger/index.js';
import type { WebhookEvent } from './handle-webhook.js';
import type { PaymentsService } from './payments-service.js';
import type { OrderCaller } from './verify-payment.js';

/** A webhook body is a few KB; anything near this is not Cashfree. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Per IP: room for a household behind one CGNAT address, not for a script. */
const ORDER_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;
const VERIFY_RATE_LIMIT = { max: 120, timeWindow: '10 minutes' } as const;
/** Each call is a new attempt at the provider: a QR renewed every 10 minutes is 3 an order. */
const UPI_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

export function paymentsRoutes(
  app: FastifyInstance,
  deps: {
    payments: PaymentsService;
    adjustments: WalletAdjustments;
    sessions: Sessions;
    /** A visitor's one-step checkout (ADR 022), from accounts. */
    visitors: {
      checkoutBuyer(
        input: { email: string; name?: string | undefined },
        ip: string,
        startedHere: string | null,
        locale: Locale,
      ): Promise<{ account: SignedInAccount; made: boolean }>;
      forgetCheckoutAccount(accountId: string): Promise<void>;
      checkoutStillOpen(accountId: string): Promise<boolean>;
      sendCheckoutCode(email: string): Promise<void>;
      emailOf(accountId: string): Promise<string | null>;
      cookies: CheckoutCookies;
    };
    clock: Clock;
    /** The keys Cashfree (or the simulator) signs webhooks with: the current one, and a previous one while a rotation drains. */
    webhookSecrets: readonly string[];
    /** How old a signed webhook may be: Cashfree's whole retry schedule (contract check M2). */
    webhookMaxAgeMs: number;
    /**
     * Refund and dispute webhooks, signed with the same key, are configured to the same address
     * (ADR 021) and handed to the refunds feature; each answers what it did, for the log.
     */
    moneyBack: {
      refundWebhook(refund: GatewayRefund): Promise<string>;
      disputeWebhook(event: { type: string; dispute: GatewayDispute }): Promise<string>;
    };
  },
): void {
  /**
   * Who asks about an order: the signed-in fan, or else a visitor whose checkout cookie names
   * this very order (ADR 022); anyone else must log in.
   */
  async function orderCaller(request: FastifyRequest, orderId: string): Promise<OrderCaller> {
    const account = await deps.sessions.read(request);
    if (account !== null) return { kind: 'fan', fanId: account.id };
    const checkout = deps.visitors.cookies.orderOf(request);
    // Only while nobody has claimed the account: after that the code or a password decides.
    if (checkout?.orderId === orderId && (await deps.visitors.checkoutStillOpen(checkout.accountId))) {
      return { kind: 'checkout', orderId };
    }
    throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  }

  app.post('/api/payment/order', { config: { rateLimit: ORDER_RATE_LIMIT } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const account = await deps.sessions.read(request);
    const body: unknown = request.body;
    // A visitor's order names her email (ADR 022); without one she is asked to log in, as before.
    if (account === null && !(typeof body === 'object' && body !== null && 'email' in body)) {
      throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
    }
    if (account !== null) {
      const input = parseInput(createOrderInput, body);
      return createOrderResponse.parse(await deps.payments.createOrder({ ...account, ip: request.ip }, input));
    }
    const input = parseInput(guestOrderInput, body);
    const earlier = deps.visitors.cookies.orderOf(request);
    const { account: buyer, made } = await deps.visitors.checkoutBuyer(
      input,
      request.ip,
      earlier?.accountId ?? null,
      localeOfRequest(request),
    );
    let order;
    try {
      order = await deps.payments.createOrder({ ...buyer, ip: request.ip }, input);
    } catch (error) {
      // Nothing is left in her email's name when the order could not be made.
      if (made) await deps.visitors.forgetCheckoutAccount(buyer.id);
      throw error;
    }
    await deps.visitors.sendCheckoutCode(buyer.email);
    reply.header('set-cookie', deps.visitors.cookies.issue({ orderId: order.order_id, accountId: buyer.id }));
    return createOrderResponse.parse({ ...order, codeSentTo: buyer.email });
  });

  app.post('/api/payment/verify-payment', { config: { rateLimit: VERIFY_RATE_LIMIT } }, async (request, reply) => {
    const { order_id: orderId } = parseInput(verifyPaymentInput, request.body);
    const caller = await orderCaller(request, orderId);
    const { fanId, ...answer } = await deps.payments.verify(caller, orderId);
    const checkoutEmail = caller.kind === 'checkout' ? await deps.visitors.emailOf(fanId) : null;
    return reply.header('cache-control', 'no-store').send(verifyPaymentResponse.parse({ ...answer, checkoutEmail }));
  });

  app.post('/api/payment/upi', { config: { rateLimit: UPI_RATE_LIMIT } }, async (request, reply) => {
    const input = parseInput(upiPayInput, request.body);
    const payment = await deps.payments.payByUpi(await orderCaller(request, input.order_id), input);
    return reply.header('cache-control', 'no-store').send(upiPayment.parse(payment));
  });

  app.post('/api/manual-wallet-update', async (request, reply) => {
    const admin = await requireAdmin(deps.sessions, request);
    const input = parseInput(manualWalletUpdateInput, request.body);
    const result = await deps.adjustments.adjust(admin, input);
    return reply.header('cache-control', 'no-store').send(manualWalletUpdateResponse.parse(result));
  });

  // The webhook needs the body's exact bytes for its signature, so it gets its own parser.
  app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    hooks.post('/api/payment/webhook', { config: { allowCrossOrigin: true } }, (request, reply) =>
      receiveWebhook(request, reply),
    );
  });

  async function receiveWebhook(request: FastifyRequest, reply: FastifyReply) {
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new AppError('BAD_REQUEST', 'Expected a JSON body.');
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const now = deps.clock.now();
    const problem = checkWebhookSignature(
      deps.webhookSecrets,
      { timestamp: header('x-webhook-timestamp'), signature: header('x-webhook-signature') },
      raw,
      now,
      { maxAgeMs: deps.webhookMaxAgeMs },
    );
    // Whether Cashfree's retries keep the first timestamp is not documented: the log will tell.
    const delivery = { attempt: header('x-webhook-attempt'), ageMs: webhookAgeMs(header('x-webhook-timestamp'), now) };
    if (problem !== null) {
      request.log.warn({ problem, ...delivery }, 'refused a payment webhook');
      throw new AppError('UNAUTHENTICATED', `Webhook signature ${problem}.`);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
    }
    const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
    if (type === 'REFUND_STATUS_WEBHOOK') {
      const refund = refundWebhook(payload);
      const outcome = refund === null ? 'unreadable' : await deps.moneyBack.refundWebhook(refund);
      request.log.info({ type, refundId: refund?.refundId, outcome, ...delivery }, 'refund webhook');
      return reply.code(200).send({ received: true });
    }
    if (typeof type === 'string' && type.startsWith('DISPUTE_')) {
      const event = disputeWebhook(payload);
      const outcome = event === null ? 'unreadable' : await deps.moneyBack.disputeWebhook(event);
      request.log.info({ type, disputeId: event?.dispute.disputeId, outcome, ...delivery }, 'dispute webhook');
      return reply.code(200).send({ received: true });
    }
    const event = webhookEvent(payload, header('x-idempotency-key') ?? null);
    const outcome = await deps.payments.handleWebhook(event);
    request.log.info({ type: event.type, orderId: event.orderId, outcome, ...delivery }, 'payment webhook');
    return reply.code(200).send({ received: true });
  }
}

/** The fields we act on, read defensively: Cashfree leaves some null depending on the flow. */
export function webhookEvent(payload: unknown, idempotencyKey: string | null): WebhookEvent {
  const object = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const text = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  const root = object(payload);
  const data = object(root['data']);
  const order = object(data['order']);
  const payment = object(data['payment']);
  return {
    type: text(root['type']) ?? 'UNKNOWN',
    orderId: text(order['order_id']),
    paymentId: text(payment['cf_payment_id']),
    paymentStatus: text(payment['payment_status']),
    paymentMethod: paymentMethodOf(payment['payment_group']),
    orderAmountPaise: rupeesToPaise(order['order_amount']),
    paymentAmountPaise: rupeesToPaise(payment['payment_amount']),
    // Both must be INR; a disagreement between them counts as a mismatch.
    currency:
      text(order['order_currency']) === text(payment['payment_currency']) ? text(order['order_currency']) : 'MIXED',
    idempotencyKey,
  };
}
