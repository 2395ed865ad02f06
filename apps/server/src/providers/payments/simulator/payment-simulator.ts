import { setTimeout as sleep } from 'node:timers/promises';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { UPI_APP_LABELS, UPI_APPS } from '@kholo/contracts';
import type { Database } from '../../../db/schema.js';
import { clockFollower } from '../../simulator-clock.js';
import { registerSimulatorControls } from '../../simulator-controls.js';
import type { Transport } from '../cashfree-gateway.js';
import { checkoutPage, checkoutProblemPage, upiIntentPage } from './checkout-page.js';
import {
  DISPUTE_RESOLUTIONS,
  type DisputedOrder,
  disputeEntity,
  type DisputeEventType,
  type DisputeResolution,
  disputeWebhookBody,
  escalateDispute,
  escalateDisputeSchema,
  type OpenDisputeRequest,
  openDisputeSchema,
  resolveDispute,
  type SimDispute,
} from './simulator-disputes.js';
import {
  refundEntity,
  refundSendsWebhook,
  refundWebhookBody,
  SIM_REFUND_OUTCOMES,
  type SimRefund,
} from './simulator-refunds.js';
import {
  type DisputeResult,
  defaultControls,
  orderEntity,
  paymentEntity,
  SIM_OUTCOMES,
  SIM_UPI_ANSWERS,
  type SimMethod,
  type SimOrder,
  type SimOutcome,
  type SimPayment,
  type SimUpiAnswer,
  SimulatorStore,
  type SimulatorControls,
} from './simulator-store.js';
import { parseOrderPayRequest, payOrderEntity, qrDataUri, sessionInvalid, upiLinks } from './simulator-upi.js';
import { createSimulatorOrdersRepository } from './simulator-orders-repository.js';
import { SimulatorWebhooks, type WebhookLogger } from './simulator-webhooks.js';

/** Where the simulator lives on our own server: Cashfree's /pg API and its hosted checkout. */
export const SIMULATOR_PREFIX = '/__simulator';
export const SIMULATOR_PG_BASE = `${SIMULATOR_PREFIX}/pg`;
export const SUPPORTED_API_VERSIONS = new Set(['2022-09-01', '2023-08-01', '2025-01-01', '2026-01-01']);
const ORDER_PAY_PATH = `${SIMULATOR_PG_BASE}/orders/sessions`;

/** What the UPI stand-in says of an attempt already answered. */
const UPI_ANSWERED: Partial<Record<SimPayment['status'], string>> = {
  SUCCESS: 'This payment is already complete.',
  FAILED: 'This payment request was declined.',
  USER_DROPPED: 'This payment request was cancelled or has expired.',
};

export interface PaymentSimulator {
  /**
   * The test switches, per process: tests set them on the app they run in-process, and a
   * switch changed over HTTP changes only the process that served the request.
   */
  controls: SimulatorControls;
  /** The key it signs webhooks with (the Cashfree client secret it accepts). */
  readonly secret: string;
  store: SimulatorStore;
  /** The hosted checkout page for a payment session (what cashfree.checkout() would open). */
  checkoutUrl(sessionId: string): string;
  /**
   * The page that stands in for a UPI app for one order-pay attempt (reference-2 §1.9), as a
   * full URL on the public address: what its QR encodes, and what Kholo's web opens in test
   * mode in place of the `upi://` links no phone or CI browser could open. `app` is the app the
   * fan chose (a UPI_APPS name), shown on the page.
   */
  upiIntentUrl(cfPaymentId: string, app?: string): string;
  /**
   * Does what is due by the clock's now: records the bank's answer to PENDING attempts (and
   * SUCCESS_LATE ones after their order expired) and to refunds, and closes disputes left
   * unanswered past respond_by, sending their webhooks; then sends due webhook retries. Tests on
   * a FakeClock move it and call this; on the system clock a timer calls it every second
   * (`followClockEveryMs`). Calls run one after another, never at once.
   */
  runDue(): Promise<DueWorkDone>;
  /**
   * The fan's bank raises a dispute on a paid order (a chargeback by default), and
   * DISPUTE_CREATED goes out. Throws SimulatorRefusal for an unknown or unpaid order.
   */
  openDispute(request: OpenDisputeRequest): Promise<SimDispute>;
  /** The bank rules on an open dispute; DISPUTE_CLOSED goes out. */
  resolveDispute(disputeId: string, outcome: DisputeResolution): Promise<SimDispute>;
  /**
   * The fan's bank takes the dispute a level up (CHARGEBACK → PRE_ARBITRATION → ARBITRATION), on
   * the same id; DISPUTE_UPDATED goes out. The new stage's window is 48 or 24 hours unless given.
   */
  escalateDispute(disputeId: string, options?: { respondInHours?: number }): Promise<SimDispute>;
  /** Registers /__simulator/* on the app. */
  register(app: FastifyInstance): void;
  close(): void;
}

/** What one runDue() did. */
export interface DueWorkDone {
  attemptsSettled: number;
  /** Refunds the bank answered (SUCCESS, CANCELLED or ONHOLD). */
  refundsSettled: number;
  /** Disputes closed because nobody answered by respond_by. */
  disputesLapsed: number;
  webhooksRetried: number;
}

/** A request the simulator refuses as Cashfree would, for callers in the same process. */
export class SimulatorRefusal extends Error {
  override name = 'SimulatorRefusal';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Cashfree PG's HTTP contract, served by our own server (DESIGN §4, reference §9.1), so the
 * real adapter code path runs with no keys. Never started in production (config refuses it).
 */
export function createPaymentSimulator(options: {
  /** Where the orders live, shared by every process. */
  db: Kysely<Database>;
  clientId: string;
  clientSecret: string;
  /** The server's public address (PUBLIC_URL): where a phone that scans the simulator's UPI QR goes. */
  publicUrl: string;
  now: () => number;
  transport: Transport;
  webhookPath: string;
  logger: WebhookLogger;
  /** Throws unless the request may change the test switches. */
  authorizeControls: (request: FastifyRequest) => Promise<unknown>;
  /**
   * Calls runDue() this often on a real timer, from when the app it is registered on is ready;
   * 0 leaves it to whoever moves the clock (tests).
   */
  followClockEveryMs?: number;
}): PaymentSimulator {
  let controls = defaultControls();
  const store = new SimulatorStore(createSimulatorOrdersRepository(options.db), options.now);
  const webhooks = new SimulatorWebhooks({
    url: options.webhookPath,
    secret: options.clientSecret,
    transport: options.transport,
    now: options.now,
    controls: () => controls,
    logger: options.logger,
  });

  const refundEvent = (orderId: string, refund: SimRefund) =>
    refundSendsWebhook(refund)
      ? webhooks.event(
          'REFUND_STATUS_WEBHOOK',
          refundWebhookBody(orderId, refund, options.now()),
          `REFUND_STATUS_WEBHOOK${refund.cfRefundId}${refund.status}`,
        )
      : Promise.resolve();
  const disputeEvent = (type: DisputeEventType, order: DisputedOrder, dispute: SimDispute) =>
    webhooks.event(
      type,
      disputeWebhookBody(type, order, dispute, options.now()),
      `${type}${dispute.disputeId}${dispute.status}${dispute.updatedAt}`,
    );

  let lastRun: Promise<unknown> = Promise.resolve();
  let closed = false;
  function runDue(): Promise<DueWorkDone> {
    const run = lastRun.then(async () => {
      if (closed) return { attemptsSettled: 0, refundsSettled: 0, disputesLapsed: 0, webhooksRetried: 0 };
      const news = await store.settleDue();
      for (const { order, payment } of news.attempts) await webhooks.paymentEvent(order, payment);
      for (const { order, refund } of news.refunds) await refundEvent(order.orderId, refund);
      for (const { order, dispute } of news.disputes) await disputeEvent('DISPUTE_CLOSED', order, dispute);
      return {
        attemptsSettled: news.attempts.length,
        refundsSettled: news.refunds.length,
        disputesLapsed: news.disputes.length,
        webhooksRetried: await webhooks.runDue(),
      };
    });
    lastRun = run.catch(() => undefined);
    return run;
  }

  /** A dispute change as the caller sees it: done (its webhook sent), or a SimulatorRefusal. */
  async function disputeDone(
    result: DisputeResult,
    event: DisputeEventType,
  ): Promise<{ order: DisputedOrder; dispute: SimDispute }> {
    if (result.kind === 'unknown_order') throw new SimulatorRefusal(404, 'order_not_found', 'order not found');
    if (result.kind === 'unknown_dispute') throw new SimulatorRefusal(404, 'dispute_not_found', 'dispute not found');
    if (result.kind === 'refused') {
      throw new SimulatorRefusal(result.refusal.status, result.refusal.code, result.refusal.message);
    }
    // Awaited, as a payment's first delivery is: a test finds it delivered when this returns.
    await disputeEvent(event, result.order, result.dispute);
    return result;
  }

  const disputes = {
    async open(request: unknown) {
      const parsed = openDisputeSchema.safeParse(request);
      if (!parsed.success) throw new SimulatorRefusal(400, 'request_invalid', parsed.error.message);
      return disputeDone(await store.openDispute(parsed.data), 'DISPUTE_CREATED');
    },
    async resolve(disputeId: string, outcome: DisputeResolution) {
      const result = await store.changeDispute(disputeId, (dispute, now) => resolveDispute(dispute, outcome, now));
      return disputeDone(result, 'DISPUTE_CLOSED');
    },
    async escalate(disputeId: string, change: { respondInHours?: number | undefined } = {}) {
      const result = await store.changeDispute(disputeId, (dispute, now) =>
        escalateDispute(dispute, now, change.respondInHours),
      );
      return disputeDone(result, 'DISPUTE_UPDATED');
    },
  };
  const followClock = clockFollower(options.followClockEveryMs ?? 0, () => {
    runDue().catch((error: unknown) => {
      if (!closed) options.logger.warn({ err: error }, 'simulator: due work failed; retrying on the next tick');
    });
  });

  const cashfreeError = (reply: FastifyReply, status: number, type: string, code: string, message: string) =>
    reply.code(status).send({ message, code, type, help: 'Kholo payment simulator' });

  const upiIntentUrl = (cfPaymentId: string, app?: string) =>
    `${options.publicUrl}${SIMULATOR_PREFIX}/upi/intent?tr=${encodeURIComponent(cfPaymentId)}${
      app === undefined ? '' : `&app=${encodeURIComponent(app)}`
    }`;

  /** An order-pay answer: the attempt's links, or its QR, which encodes its pay page. */
  async function upiPayload(order: SimOrder, payment: SimPayment): Promise<Record<string, string>> {
    if (payment.upiChannel === 'qrcode') return { qrcode: await qrDataUri(upiIntentUrl(payment.cfPaymentId)) };
    return upiLinks(order, payment);
  }

  /**
   * The fan's answer in her UPI app: webhooks for what the write recorded, in the order it
   * happened (earlier attempts the bank answered, this one, then the waiting attempts a success
   * closed). The first deliveries are awaited, as the checkout's are.
   */
  async function answerUpi(cfPaymentId: string, answer: SimUpiAnswer) {
    const result = await store.answerUpi(cfPaymentId, answer);
    if (result.kind === 'answered') {
      for (const earlier of result.resolved) await webhooks.paymentEvent(result.order, earlier);
      await webhooks.paymentEvent(result.order, result.payment);
      for (const ended of result.ended) await webhooks.paymentEvent(result.order, ended);
    }
    return result;
  }

  const unknownOrder = (reply: FastifyReply) =>
    cashfreeError(
      reply,
      controls.unknownOrderAs400 ? 400 : 404,
      'invalid_request_error',
      'order_not_found',
      'order not found',
    );

  function register(app: FastifyInstance): void {
    followClock.waitFor(app);
    app.register(async (sim) => {
      // Cashfree's auth and version headers, then the fault switches (reference §9.1).
      sim.addHook('preHandler', async (request, reply) => {
        // The matched route, not the raw URL: /__simulator/%70g/… routes to the same handlers.
        if (request.routeOptions.url?.startsWith(SIMULATOR_PG_BASE) !== true) return;
        reply.header('x-request-id', request.headers['x-request-id'] ?? request.id);
        // Order Pay needs no keys: the payment_session_id is its credential (reference-2 §1.1).
        const keyless = request.routeOptions.url === ORDER_PAY_PATH;
        if (
          !keyless &&
          (!sameText(request.headers['x-client-id'], options.clientId) ||
            !sameText(request.headers['x-client-secret'], options.clientSecret))
        ) {
          return cashfreeError(reply, 401, 'authentication_error', 'request_failed', 'authentication Failed');
        }
        const version = request.headers['x-api-version'];
        if (typeof version !== 'string' || !SUPPORTED_API_VERSIONS.has(version)) {
          return cashfreeError(
            reply,
            400,
            'invalid_request_error',
            'version_missing',
            'x-api-version is missing or unknown',
          );
        }
        if (controls.responseDelayMs > 0) await sleep(controls.responseDelayMs);
        if (controls.failNextRequests > 0) {
          controls.failNextRequests -= 1;
          return cashfreeError(reply, 503, 'api_error', 'service_unavailable', 'simulated outage');
        }
        if (controls.rateLimitNextRequests > 0) {
          controls.rateLimitNextRequests -= 1;
          // Cashfree's limits are per minute, per account and API (reference §1.9).
          reply
            .header('x-ratelimit-limit', '100')
            .header('x-ratelimit-remaining', '0')
            .header('x-ratelimit-retry', '60')
            .header('x-ratelimit-type', 'app_id');
          return cashfreeError(reply, 429, 'rate_limit_error', 'request_limit_exceeded', 'Too many requests');
        }
        return undefined;
      });

      sim.post(`${SIMULATOR_PG_BASE}/orders`, { config: { allowCrossOrigin: true } }, async (request, reply) => {
        const created = await store.create(request.body, { expiresAfterMs: controls.expireOrdersAfterMs });
        // After the order is made (or found made): the sandbox's 404 does not undo the order.
        const conflict = 'error' in created && created.error.status === 409;
        if (('order' in created || conflict) && controls.transient404OnCreate > 0) {
          controls.transient404OnCreate -= 1;
          return cashfreeError(reply, 404, 'invalid_request_error', 'order_not_found', 'order not found');
        }
        if ('error' in created) {
          const { status, code, message } = created.error;
          return cashfreeError(reply, status, 'invalid_request_error', code, message);
        }
        return orderEntity(created.order, controls);
      });

      sim.get<{ Params: { orderId: string } }>(`${SIMULATOR_PG_BASE}/orders/:orderId`, async (request, reply) => {
        const order = await store.get(request.params.orderId);
        if (order === undefined) return unknownOrder(reply);
        return orderEntity(order, controls);
      });

      sim.get<{ Params: { orderId: string } }>(
        `${SIMULATOR_PG_BASE}/orders/:orderId/payments`,
        async (request, reply) => {
          const order = await store.get(request.params.orderId);
          if (order === undefined) return unknownOrder(reply);
          return order.payments.map((payment) => paymentEntity(order, payment, controls));
        },
      );

      // Order Pay with UPI (reference-2 §1.9).
      sim.post(ORDER_PAY_PATH, async (request, reply) => {
        if (controls.s2sDisabled) {
          return cashfreeError(reply, 400, 'invalid_request_error', 'request_failed', 'S2S not enabled');
        }
        const parsed = parseOrderPayRequest(request.body);
        if ('status' in parsed) {
          const type = parsed === sessionInvalid ? 'request_failed' : 'invalid_request_error';
          return cashfreeError(reply, parsed.status, type, parsed.code, parsed.message);
        }
        const key = request.headers['x-idempotency-key'];
        const started = await store.startUpi(parsed.sessionId, parsed.channel, typeof key === 'string' ? key : null);
        switch (started.kind) {
          case 'unknown_session':
            return cashfreeError(reply, 400, 'request_failed', sessionInvalid.code, sessionInvalid.message);
          case 'inactive':
            return cashfreeError(reply, 400, 'invalid_request_error', 'order_inactive', 'order is not active');
          case 'no_attempts':
            return cashfreeError(
              reply,
              400,
              'invalid_request_error',
              'payment_attempts_exceeded',
              'too many payment attempts on this order',
            );
          case 'key_reused':
            return cashfreeError(
              reply,
              422,
              'idempotency_error',
              'idempotency_error',
              'x-idempotency-key was used for another request',
            );
          default:
            for (const earlier of started.resolved) await webhooks.paymentEvent(started.order, earlier);
            return payOrderEntity(started.payment, parsed.channel, await upiPayload(started.order, started.payment));
        }
      });

      // Refunds (reference-2 §2.9).
      sim.post<{ Params: { orderId: string } }>(
        `${SIMULATOR_PG_BASE}/orders/:orderId/refunds`,
        async (request, reply) => {
          const result = await store.createRefund(request.params.orderId, request.body, {
            outcome: controls.refundOutcome,
            settleAfterMs: controls.refundSettleAfterMs,
            duplicate: controls.duplicateRefund,
          });
          if (result.kind === 'unknown_order') return unknownOrder(reply);
          if (result.kind === 'refused') {
            const { status, code, message } = result.refusal;
            return cashfreeError(reply, status, 'invalid_request_error', code, message);
          }
          if (controls.failAfterRefundCreate > 0) {
            controls.failAfterRefundCreate -= 1;
            return cashfreeError(
              reply,
              503,
              'api_error',
              'service_unavailable',
              'simulated outage after the refund was made',
            );
          }
          return refundEntity(result.order.orderId, result.refund);
        },
      );

      sim.get<{ Params: { orderId: string } }>(
        `${SIMULATOR_PG_BASE}/orders/:orderId/refunds`,
        async (request, reply) => {
          const order = await store.get(request.params.orderId);
          if (order === undefined) return unknownOrder(reply);
          return order.refunds.map((refund) => refundEntity(order.orderId, refund));
        },
      );

      sim.get<{ Params: { orderId: string; refundId: string } }>(
        `${SIMULATOR_PG_BASE}/orders/:orderId/refunds/:refundId`,
        async (request, reply) => {
          const order = await store.get(request.params.orderId);
          if (order === undefined) return unknownOrder(reply);
          const refund = order.refunds.find((one) => one.refundId === request.params.refundId);
          if (refund === undefined) {
            return cashfreeError(reply, 404, 'invalid_request_error', 'refund_not_found', 'refund not found');
          }
          return refundEntity(order.orderId, refund);
        },
      );

      // Disputes (reference-2 §3.3): read here; raised and ruled on by the control routes below.
      sim.get<{ Params: { disputeId: string } }>(`${SIMULATOR_PG_BASE}/disputes/:disputeId`, async (request, reply) => {
        const found = await store.findDispute(request.params.disputeId);
        if (found === undefined) {
          return cashfreeError(reply, 404, 'invalid_request_error', 'dispute_not_found', 'dispute not found');
        }
        return disputeEntity(found.order, found.dispute);
      });

      sim.get<{ Params: { orderId: string } }>(
        `${SIMULATOR_PG_BASE}/orders/:orderId/disputes`,
        async (request, reply) => {
          const order = await store.get(request.params.orderId);
          if (order === undefined) return unknownOrder(reply);
          return order.disputes.map((dispute) => disputeEntity(order, dispute));
        },
      );

      sim.get<{ Querystring: { payment_session_id?: string } }>(
        `${SIMULATOR_PREFIX}/checkout`,
        async (request, reply) => {
          const nonce = randomBytes(16).toString('base64');
          const order = await store.bySession(request.query.payment_session_id ?? '');
          reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header(
              'content-security-policy',
              `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' ${returnOrigin(order?.returnUrl ?? null)}; frame-ancestors 'none'; base-uri 'none'`,
            );
          if (order === undefined) {
            return reply.code(404).send(checkoutProblemPage('This payment session does not exist.', nonce, null));
          }
          if (order.status !== 'ACTIVE') {
            const message = order.status === 'PAID' ? 'This order is already paid.' : 'This payment session expired.';
            return reply
              .code(409)
              .send(checkoutProblemPage(message, nonce, returnUrlFor(order.returnUrl, order.orderId)));
          }
          return checkoutPage(order, nonce);
        },
      );

      sim.get<{ Querystring: { payment_session_id?: string; method?: string; outcome?: string } }>(
        `${SIMULATOR_PREFIX}/checkout/complete`,
        { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
        async (request, reply) => {
          const order = await store.bySession(request.query.payment_session_id ?? '');
          const method = parseMethod(request.query.method);
          const outcome = parseOutcome(request.query.outcome);
          if (order === undefined || method === null || outcome === null) {
            return reply.code(400).type('text/plain; charset=utf-8').send('Unknown session, method or outcome.');
          }
          // Checked again inside pay(), against the order as it is when the attempt is written.
          const paid = await store.pay(order.orderId, method, outcome, controls);
          if ('refused' in paid) {
            if (paid.refused === 'no_attempts') {
              return reply.code(429).type('text/plain; charset=utf-8').send('Too many attempts on this order.');
            }
            return reply.redirect(
              `${SIMULATOR_PREFIX}/checkout?payment_session_id=${encodeURIComponent(order.sessionId)}`,
              303,
            );
          }
          // The first delivery is awaited so the return page usually finds the order settled;
          // retries go out on later runDue() calls. Earlier attempts the bank confirmed in the
          // meantime, recorded by this write, get theirs first.
          for (const earlier of paid.resolved) await webhooks.paymentEvent(paid.order, earlier);
          await webhooks.paymentEvent(paid.order, paid.payment);
          for (const ended of paid.ended) await webhooks.paymentEvent(paid.order, ended);
          const target = returnUrlFor(order.returnUrl, order.orderId);
          return target === null
            ? reply.type('text/plain; charset=utf-8').send(`Payment ${outcome}.`)
            : reply.redirect(target, 303);
        },
      );

      // The stand-in for the UPI app an intent link or a QR opens (reference-2 §1.9).
      sim.get<{ Querystring: { tr?: string; app?: string } }>(
        `${SIMULATOR_PREFIX}/upi/intent`,
        async (request, reply) => {
          const nonce = randomBytes(16).toString('base64');
          const found = await store.findPayment(request.query.tr ?? '');
          reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header(
              'content-security-policy',
              `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' ${returnOrigin(found?.order.returnUrl ?? null)}; frame-ancestors 'none'; base-uri 'none'`,
            );
          if (found === undefined || found.payment.upiChannel === undefined) {
            return reply.code(404).send(checkoutProblemPage('This UPI payment request does not exist.', nonce, null));
          }
          const { order, payment } = found;
          if (payment.status !== 'PENDING') {
            return reply
              .code(409)
              .send(
                checkoutProblemPage(
                  UPI_ANSWERED[payment.status] ?? 'This payment request is closed.',
                  nonce,
                  returnUrlFor(order.returnUrl, order.orderId),
                ),
              );
          }
          const app = UPI_APPS.find((one) => one === request.query.app);
          return upiIntentPage(order, payment, app === undefined ? null : UPI_APP_LABELS[app], nonce);
        },
      );

      sim.get<{ Querystring: { tr?: string; outcome?: string } }>(
        `${SIMULATOR_PREFIX}/upi/intent/answer`,
        { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
        async (request, reply) => {
          const answer = SIM_UPI_ANSWERS.find((one) => one === request.query.outcome);
          const tr = request.query.tr ?? '';
          if (answer === undefined) {
            return reply.code(400).type('text/plain; charset=utf-8').send('Unknown payment request or answer.');
          }
          const result = await answerUpi(tr, answer);
          if (result.kind === 'unknown') {
            return reply.code(400).type('text/plain; charset=utf-8').send('Unknown payment request or answer.');
          }
          // Answered before (another tab, the timeout): the page says how it ended.
          if (result.kind === 'not_pending') return reply.redirect(upiIntentUrl(tr), 303);
          const target = returnUrlFor(result.order.returnUrl, result.order.orderId);
          return target === null
            ? reply.type('text/plain; charset=utf-8').send(`Payment ${answer}.`)
            : reply.redirect(target, 303);
        },
      );

      // The same answer for scripts and tests: the attempt as Get Payments shows it afterwards.
      sim.post(
        `${SIMULATOR_PREFIX}/upi/complete`,
        { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
        async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          const answer = SIM_UPI_ANSWERS.find((one) => one === body['outcome']);
          if (typeof body['cf_payment_id'] !== 'string' || answer === undefined) {
            return reply.code(400).send({
              code: 'request_invalid',
              message: 'cf_payment_id (text) and outcome (SUCCESS, FAILED or USER_DROPPED) are required',
            });
          }
          const result = await answerUpi(body['cf_payment_id'], answer);
          if (result.kind === 'unknown') {
            return reply.code(404).send({ code: 'payment_not_found', message: 'payment not found' });
          }
          if (result.kind === 'not_pending') {
            return reply
              .code(409)
              .send({ code: 'payment_not_pending', message: `payment is already ${result.payment.status}` });
          }
          return paymentEntity(result.order, result.payment, controls);
        },
      );

      // What the fan's bank does, for scripts and a staging admin; tests call the methods.
      const refusal = (reply: FastifyReply, error: unknown) => {
        if (!(error instanceof SimulatorRefusal)) throw error;
        return reply.code(error.status).send({ code: error.code, message: error.message });
      };
      sim.post(`${SIMULATOR_PREFIX}/disputes`, async (request, reply) => {
        await options.authorizeControls(request);
        try {
          const { order, dispute } = await disputes.open(request.body);
          return disputeEntity(order, dispute);
        } catch (error) {
          return refusal(reply, error);
        }
      });
      sim.post<{ Params: { disputeId: string } }>(
        `${SIMULATOR_PREFIX}/disputes/:disputeId/resolve`,
        async (request, reply) => {
          await options.authorizeControls(request);
          const body = (request.body ?? {}) as Record<string, unknown>;
          const outcome = DISPUTE_RESOLUTIONS.find((one) => one === body['outcome']);
          if (outcome === undefined) {
            return reply.code(400).send({ code: 'outcome_invalid', message: 'outcome: MERCHANT_WON or MERCHANT_LOST' });
          }
          try {
            const { order, dispute } = await disputes.resolve(request.params.disputeId, outcome);
            return disputeEntity(order, dispute);
          } catch (error) {
            return refusal(reply, error);
          }
        },
      );
      sim.post<{ Params: { disputeId: string } }>(
        `${SIMULATOR_PREFIX}/disputes/:disputeId/escalate`,
        async (request, reply) => {
          await options.authorizeControls(request);
          const body = escalateDisputeSchema.safeParse(request.body ?? {});
          if (!body.success) return reply.code(400).send({ code: 'request_invalid', message: body.error.message });
          try {
            const { order, dispute } = await disputes.escalate(request.params.disputeId, body.data);
            return disputeEntity(order, dispute);
          } catch (error) {
            return refusal(reply, error);
          }
        },
      );

      // Tests set `simulator.controls` directly; scripts and a staging admin use these routes.
      registerSimulatorControls(sim, {
        base: SIMULATOR_PREFIX,
        authorize: options.authorizeControls,
        current: () => controls,
        change: (body) => {
          controls = { ...controls, ...pickControls(body) };
          return controls;
        },
        reset: () => {
          controls = defaultControls();
          return controls;
        },
        runDue,
      });
    });
  }

  return {
    get controls() {
      return controls;
    },
    set controls(next: SimulatorControls) {
      controls = next;
    },
    store,
    secret: options.clientSecret,
    checkoutUrl: (sessionId) => `${SIMULATOR_PREFIX}/checkout?payment_session_id=${encodeURIComponent(sessionId)}`,
    upiIntentUrl,
    runDue,
    openDispute: async (request) => (await disputes.open(request)).dispute,
    resolveDispute: async (disputeId, outcome) => (await disputes.resolve(disputeId, outcome)).dispute,
    escalateDispute: async (disputeId, change) => (await disputes.escalate(disputeId, change)).dispute,
    register,
    close: () => {
      closed = true;
      followClock.stop();
      webhooks.close();
    },
  };
}

/**
 * The simulator's client secret, which also signs its webhooks: derived from the auth secret
 * so it is not guessable, and the same in every process.
 */
export function simulatorSecretFor(authSecret: string): string {
  return createHmac('sha256', authSecret).update('kholo payment simulator').digest('base64url');
}

/** `{order_id}` filled in, or order_id appended when the URL has no placeholder (reference §2). */
export function returnUrlFor(returnUrl: string | null, orderId: string): string | null {
  if (returnUrl === null) return null;
  if (returnUrl.includes('{order_id}')) return returnUrl.replaceAll('{order_id}', encodeURIComponent(orderId));
  const url = new URL(returnUrl);
  url.searchParams.set('order_id', orderId);
  return url.toString();
}

/** Chrome applies form-action to the redirect after a form, so the return URL's origin must be allowed. */
function returnOrigin(returnUrl: string | null): string {
  if (returnUrl === null) return '';
  try {
    return new URL(returnUrl).origin;
  } catch {
    return '';
  }
}

/** Constant-time comparison of a header with the expected secret. */
function sameText(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseMethod(value: string | undefined): SimMethod | null {
  return value === 'upi' || value === 'card' || value === 'netbanking' ? value : null;
}

function parseOutcome(value: string | undefined): SimOutcome | null {
  return SIM_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

function pickControls(body: unknown): Partial<SimulatorControls> {
  if (typeof body !== 'object' || body === null) return {};
  const input = body as Record<string, unknown>;
  const picked: Partial<SimulatorControls> = {};
  const count = (value: unknown) =>
    Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;
  const failNext = count(input['failNextRequests']);
  if (failNext !== undefined) picked.failNextRequests = failNext;
  const rateLimitNext = count(input['rateLimitNextRequests']);
  if (rateLimitNext !== undefined) picked.rateLimitNextRequests = rateLimitNext;
  const transient404 = count(input['transient404OnCreate']);
  if (transient404 !== undefined) picked.transient404OnCreate = transient404;
  const delay = count(input['responseDelayMs']);
  if (delay !== undefined) picked.responseDelayMs = Math.min(delay, 120_000);
  const duplicates = count(input['duplicateWebhooks']);
  if (duplicates !== undefined) picked.duplicateWebhooks = Math.min(duplicates, 100);
  const flags = [
    'outOfOrderWebhooks',
    'tamperWebhooks',
    'dropWebhooks',
    'unknownOrderAs400',
    'keepFirstWebhookTimestamp',
    's2sDisabled',
  ] as const;
  for (const flag of flags) {
    if (typeof input[flag] === 'boolean') picked[flag] = input[flag];
  }
  // Waits are capped at a day: the simulator keeps orders for a day.
  const day = 24 * 60 * 60_000;
  const pendingAfter = count(input['pendingResolveAfterMs']);
  if (pendingAfter !== undefined) picked.pendingResolveAfterMs = Math.min(pendingAfter, day);
  if (input['pendingResolvesTo'] === 'SUCCESS' || input['pendingResolvesTo'] === 'FAILED') {
    picked.pendingResolvesTo = input['pendingResolvesTo'];
  }
  const lateAfter = count(input['lateSuccessAfterExpiryMs']);
  if (lateAfter !== undefined) picked.lateSuccessAfterExpiryMs = Math.min(lateAfter, day);
  const expireAfter = count(input['expireOrdersAfterMs']);
  if (input['expireOrdersAfterMs'] === null || expireAfter !== undefined) {
    picked.expireOrdersAfterMs = expireAfter === undefined ? null : Math.min(expireAfter, day);
  }
  if (input['misreportAmountPaise'] === null || count(input['misreportAmountPaise']) !== undefined) {
    picked.misreportAmountPaise = input['misreportAmountPaise'] as number | null;
  }
  if (input['misreportCurrency'] === null || typeof input['misreportCurrency'] === 'string') {
    picked.misreportCurrency = input['misreportCurrency'];
  }
  const refundOutcome = SIM_REFUND_OUTCOMES.find((outcome) => outcome === input['refundOutcome']);
  if (refundOutcome !== undefined) picked.refundOutcome = refundOutcome;
  const refundAfter = count(input['refundSettleAfterMs']);
  if (refundAfter !== undefined) picked.refundSettleAfterMs = Math.min(refundAfter, day);
  const failAfterRefund = count(input['failAfterRefundCreate']);
  if (failAfterRefund !== undefined) picked.failAfterRefundCreate = failAfterRefund;
  if (input['duplicateRefund'] === 'replay' || input['duplicateRefund'] === 'error') {
    picked.duplicateRefund = input['duplicateRefund'];
  }
  const retries = input['webhookRetryDelaysMs'];
  if (Array.isArray(retries) && retries.length <= 10 && retries.every((value) => count(value) !== undefined)) {
    picked.webhookRetryDelaysMs = retries as number[];
  }
  return picked;
}
