import { setTimeout as sleep } from 'node:timers/promises';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { registerSimulatorControls } from '../../simulator-controls.js';
import type { Transport } from '../cashfree-gateway.js';
import { checkoutPage, checkoutProblemPage } from './checkout-page.js';
import {
  defaultControls,
  orderEntity,
  paymentEntity,
  SIM_OUTCOMES,
  type SimMethod,
  type SimOutcome,
  SimulatorStore,
  type SimulatorControls,
} from './simulator-store.js';
import { createSimulatorOrdersRepository } from './simulator-orders-repository.js';
import { SimulatorWebhooks, type WebhookLogger } from './simulator-webhooks.js';

/** Where the simulator lives on our own server: Cashfree's /pg API and its hosted checkout. */
export const SIMULATOR_PREFIX = '/__simulator';
export const SIMULATOR_PG_BASE = `${SIMULATOR_PREFIX}/pg`;
export const SUPPORTED_API_VERSIONS = new Set(['2022-09-01', '2023-08-01', '2025-01-01', '2026-01-01']);

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
   * Does what is due by the clock's now: records the bank's answer to PENDING attempts (and
   * SUCCESS_LATE ones after their order expired) and sends their webhooks, then sends due
   * webhook retries. Tests on a FakeClock move it and call this; on the system clock a timer
   * calls it every second (`followClockEveryMs`). Calls run one after another, never at once.
   */
  runDue(): Promise<{ attemptsSettled: number; webhooksRetried: number }>;
  /** Registers /__simulator/* on the app. */
  register(app: FastifyInstance): void;
  close(): void;
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
  now: () => number;
  transport: Transport;
  webhookPath: string;
  logger: WebhookLogger;
  /** Throws unless the request may change the test switches. */
  authorizeControls: (request: FastifyRequest) => Promise<unknown>;
  /** Calls runDue() this often on a real timer; 0 leaves it to whoever moves the clock (tests). */
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

  let lastRun: Promise<unknown> = Promise.resolve();
  let closed = false;
  function runDue(): Promise<{ attemptsSettled: number; webhooksRetried: number }> {
    const run = lastRun.then(async () => {
      if (closed) return { attemptsSettled: 0, webhooksRetried: 0 };
      const settled = await store.settleDueAttempts();
      for (const { order, payment } of settled) await webhooks.paymentEvent(order, payment);
      return { attemptsSettled: settled.length, webhooksRetried: await webhooks.runDue() };
    });
    lastRun = run.catch(() => undefined);
    return run;
  }
  const timer =
    options.followClockEveryMs !== undefined && options.followClockEveryMs > 0
      ? setInterval(() => {
          runDue().catch((error: unknown) => {
            if (!closed) options.logger.warn({ err: error }, 'simulator: due work failed; retrying on the next tick');
          });
        }, options.followClockEveryMs)
      : null;
  timer?.unref();

  const cashfreeError = (reply: FastifyReply, status: number, type: string, code: string, message: string) =>
    reply.code(status).send({ message, code, type, help: 'Kholo payment simulator' });

  const unknownOrder = (reply: FastifyReply) =>
    cashfreeError(
      reply,
      controls.unknownOrderAs400 ? 400 : 404,
      'invalid_request_error',
      'order_not_found',
      'order not found',
    );

  function register(app: FastifyInstance): void {
    app.register(async (sim) => {
      // Cashfree's auth and version headers, then the fault switches (reference §9.1).
      sim.addHook('preHandler', async (request, reply) => {
        // The matched route, not the raw URL: /__simulator/%70g/… routes to the same handlers.
        if (request.routeOptions.url?.startsWith(SIMULATOR_PG_BASE) !== true) return;
        reply.header('x-request-id', request.headers['x-request-id'] ?? request.id);
        if (
          !sameText(request.headers['x-client-id'], options.clientId) ||
          !sameText(request.headers['x-client-secret'], options.clientSecret)
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
          const target = returnUrlFor(order.returnUrl, order.orderId);
          return target === null
            ? reply.type('text/plain; charset=utf-8').send(`Payment ${outcome}.`)
            : reply.redirect(target, 303);
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
    runDue,
    register,
    close: () => {
      closed = true;
      if (timer !== null) clearInterval(timer);
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
  const retries = input['webhookRetryDelaysMs'];
  if (Array.isArray(retries) && retries.length <= 10 && retries.every((value) => count(value) !== undefined)) {
    picked.webhookRetryDelaysMs = retries as number[];
  }
  return picked;
}
