import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { paiseToRupees, rupeesToPaise } from '@kholo/contracts';
import { disputeFrom, idText, isObject, paymentMethodOf, refundFrom, timeOf } from './cashfree-entities.js';
import {
  type GatewayDispute,
  type GatewayErrorKind,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayUpiChannel,
  type GatewayUpiPayment,
  type GatewayUpiRequest,
  type NewGatewayOrder,
  type NewGatewayRefund,
  type PaymentGateway,
  PaymentGatewayError,
} from './payment-gateway.js';

/** Pinned deliberately (reference §1.3); moving to a newer version is a reviewed change. */
export const CASHFREE_API_VERSION = '2025-01-01';

export const CASHFREE_BASE_URLS = {
  sandbox: 'https://sandbox.cashfree.com/pg',
  production: 'https://api.cashfree.com/pg',
} as const;

/** Cashfree's timestamps are IST with an offset: 2026-11-21T11:30:00+05:30. */
export function istTimestamp(ms: number): string {
  return `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
}

/** How HTTP reaches the provider: fetch for Cashfree, the app itself for the simulator. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface CashfreeOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  transport?: Transport;
  /** Per attempt. */
  timeoutMs?: number;
  /** Waits before each retry; the array's length is the number of retries. */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRY_DELAYS_MS = [250, 1000] as const;

/**
 * Cashfree PG over plain fetch: a handful of calls, so no SDK (the official one also reports errors
 * to Cashfree's Sentry by default, reference §1.11). Reads are retried on 5xx, timeouts and
 * network errors; order creation is retried too, because the same order_id and idempotency
 * key make a repeat harmless, and a 409 on retry means our first attempt landed.
 *
 * A 429 is never retried here: Cashfree's limits are per minute per account, so a retry a
 * second later spends the same budget and fails too. It surfaces as `rate_limited` (with
 * Cashfree's `x-ratelimit-retry` as `retryAfterMs`), which callers treat like any outage:
 * the order stays as it is, the page keeps showing "pending", the reconciler asks later.
 */
export function createCashfreeGateway(options: CashfreeOptions): PaymentGateway {
  const transport = options.transport ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    request: { body?: unknown; idempotencyKey?: string; retryOn?: (kind: GatewayErrorKind) => boolean } = {},
  ) {
    const { body, idempotencyKey, retryOn = isRetryable } = request;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-client-id': options.clientId,
      'x-client-secret': options.clientSecret,
      'x-api-version': CASHFREE_API_VERSION,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['x-idempotency-key'] = idempotencyKey;
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };

    for (let attempt = 0; ; attempt++) {
      try {
        return await attemptOnce(transport, `${options.baseUrl}${path}`, init, timeoutMs);
      } catch (error) {
        const retryable = error instanceof PaymentGatewayError && retryOn(error.kind);
        const delay = retryDelays[attempt];
        if (!retryable || delay === undefined) throw error;
        await sleep(delay);
      }
    }
  }

  async function getOrder(orderId: string): Promise<GatewayOrder> {
    return toOrder(await readOneOrder(`/orders/${encodeURIComponent(orderId)}`));
  }

  /**
   * A read of one order. Cashfree answers an order it does not know with a 404 or a 400
   * `invalid_request_error` (its own SDK tests accept either), so both mean not_found here.
   */
  async function readOneOrder(path: string): Promise<unknown> {
    try {
      return await call('GET', path);
    } catch (error) {
      throw error instanceof PaymentGatewayError ? unknownOrderAsNotFound(error) : error;
    }
  }

  return {
    async createOrder(order: NewGatewayOrder): Promise<GatewayOrder> {
      const body = {
        order_id: order.orderId,
        order_amount: paiseToRupees(order.amountPaise),
        order_currency: 'INR',
        customer_details: {
          customer_id: order.customer.id,
          // Cashfree takes 3–100 characters; a longer address is left out rather than refused.
          ...(order.customer.email.length >= 3 && order.customer.email.length <= 100
            ? { customer_email: order.customer.email }
            : {}),
          customer_phone: order.customer.phone,
          ...(order.customer.name.length >= 3 ? { customer_name: order.customer.name.slice(0, 100) } : {}),
        },
        order_meta: { return_url: order.returnUrl, payment_methods: 'upi,cc,dc,nb' },
        order_expiry_time: istTimestamp(order.expiresAt),
        order_note: order.note,
        order_tags: order.tags,
      };
      try {
        return toOrder(
          await call('POST', '/orders', {
            body,
            idempotencyKey: `order:${order.orderId}`,
            // Cashfree's sandbox sometimes answers a create with a 404 that a moment later is
            // gone (its own SDK tests retry it); the idempotency key makes a repeat harmless.
            retryOn: (kind) => isRetryable(kind) || kind === 'not_found',
          }),
        );
      } catch (error) {
        // A retry after a lost answer: the order exists, so fetch it for its session id.
        if (error instanceof PaymentGatewayError && error.kind === 'conflict') return getOrder(order.orderId);
        throw error;
      }
    },

    getOrder,

    async getPayments(orderId: string): Promise<GatewayPayment[]> {
      const payload = await readOneOrder(`/orders/${encodeURIComponent(orderId)}/payments`);
      if (!Array.isArray(payload)) throw malformed('payments is not a list');
      return payload.map(toPayment);
    },

    /**
     * Refund ids are ours and deterministic, so every repeat names the same refund (reference-2
     * §2.6). After a 5xx or a timeout the refund may have landed with its answer lost: it is
     * looked up before the create is sent again. A 4xx may be Cashfree refusing a repeat of a
     * refund it already made (its duplicate behaviour is undocumented), so that too is looked
     * up; only a refund with our id and our amount is taken as ours. The same id with another
     * amount is a different refund, and the refusal stands.
     */
    async createRefund(refund: NewGatewayRefund): Promise<GatewayRefund> {
      const refundsPath = `/orders/${encodeURIComponent(refund.orderId)}/refunds`;
      const body = {
        refund_amount: paiseToRupees(refund.amountPaise),
        refund_id: refund.refundId,
        refund_note: refund.note,
        refund_speed: 'STANDARD',
      };
      const ours = (found: GatewayRefund) =>
        found.refundId === refund.refundId && found.amountPaise === refund.amountPaise;
      for (let attempt = 0; ; attempt++) {
        let payload: unknown;
        try {
          payload = await call('POST', refundsPath, {
            body,
            idempotencyKey: `refund:${refund.refundId}`,
            retryOn: () => false,
          });
        } catch (error) {
          if (!(error instanceof PaymentGatewayError)) throw error;
          if (error.kind === 'unavailable') {
            const delay = retryDelays[attempt];
            if (delay === undefined) throw error;
            await sleep(delay);
            // A look-up that fails too says nothing: the create is sent again, which the same
            // refund id and idempotency key make harmless.
            const found = await findRefund(refund.orderId, refund.refundId, { retry: false }).catch(() => null);
            if (found !== null && ours(found)) return found;
            continue;
          }
          if (error.kind !== 'rejected' && error.kind !== 'not_found' && error.kind !== 'conflict') throw error;
          // A look-up that cannot be made leaves the outcome unknown: its error (unavailable,
          // rate_limited) is thrown, never the refusal, so the caller asks again later.
          const found = await findRefund(refund.orderId, refund.refundId, { retry: true });
          if (found !== null && ours(found)) return found;
          throw refusalOfCreate(error);
        }
        return toRefund(payload);
      }
    },

    async getRefund(orderId: string, refundId: string): Promise<GatewayRefund> {
      const found = await findRefund(orderId, refundId, { retry: true });
      if (found === null) {
        throw new PaymentGatewayError('not_found', `Cashfree: refund ${refundId} not found`, { status: 404 });
      }
      return found;
    },

    async getDispute(disputeId: string): Promise<GatewayDispute> {
      return toDispute(await call('GET', `/disputes/${encodeURIComponent(disputeId)}`));
    },

    /**
     * Order Pay (reference-2 §1.2). The payment_session_id is its credential; our keys go along
     * as on every call, which Cashfree accepts. Each call makes an attempt, so a retry after a
     * 5xx or a timeout carries the first try's idempotency key: if the first did land, Cashfree
     * answers the attempt it made instead of making a second one.
     */
    async payOrderUpi(request: GatewayUpiRequest): Promise<GatewayUpiPayment> {
      const body = {
        payment_session_id: request.paymentSessionId,
        payment_method: { upi: { channel: request.channel } },
      };
      const payload = await call('POST', '/orders/sessions', { body, idempotencyKey: `upi:${randomUUID()}` });
      return toUpiPayment(payload, request.channel);
    },
  };

  /** One refund by our id; null when Cashfree has no such refund or no such order. */
  async function findRefund(
    orderId: string,
    refundId: string,
    options: { retry: boolean },
  ): Promise<GatewayRefund | null> {
    const path = `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}`;
    try {
      return toRefund(await call('GET', path, options.retry ? {} : { retryOn: () => false }));
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      if (unknownOrderAsNotFound(error).kind === 'not_found') return null;
      throw error;
    }
  }
}

/**
 * The refusal a refund create ends with. An unknown order is not_found whether Cashfree answers
 * it with a 404 or a 400 (as for orders, reference-2 §2.5); every other refusal stays as it came.
 */
function refusalOfCreate(error: PaymentGatewayError): PaymentGatewayError {
  if (error.kind === 'rejected' && error.details.code === 'order_not_found') {
    return new PaymentGatewayError('not_found', error.message, error.details, { cause: error });
  }
  return error;
}

async function attemptOnce(transport: Transport, url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new PaymentGatewayError('unavailable', `Cashfree did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const response = await Promise.race([transport(url, { ...init, signal: controller.signal }), timedOut]);
    const text = await Promise.race([response.text(), timedOut]);
    const payload = parseJson(text);
    if (response.ok) return payload;
    throw errorFor(response.status, payload, response.headers);
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw error;
    throw new PaymentGatewayError('unavailable', 'Cashfree could not be reached', {}, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Branch on HTTP status and `type`, never on message text (reference §1.8). */
function errorFor(status: number, payload: unknown, headers: Headers): PaymentGatewayError {
  const body = isObject(payload) ? payload : {};
  const retryAfterSeconds = Number(headers.get('x-ratelimit-retry') ?? Number.NaN);
  const details = {
    status,
    ...(typeof body['code'] === 'string' ? { code: body['code'] } : {}),
    ...(typeof body['type'] === 'string' ? { type: body['type'] } : {}),
    ...(status === 429 && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0
      ? { retryAfterMs: retryAfterSeconds * 1000 }
      : {}),
  };
  const message = typeof body['message'] === 'string' ? body['message'] : `HTTP ${status}`;
  let kind: GatewayErrorKind;
  if (status === 401 || status === 403) kind = 'auth';
  else if (status === 404) kind = 'not_found';
  else if (status === 409) kind = 'conflict';
  else if (status === 429) kind = 'rate_limited';
  else if (status >= 500) kind = 'unavailable';
  else kind = 'rejected';
  return new PaymentGatewayError(kind, `Cashfree: ${message}`, details);
}

function isRetryable(kind: GatewayErrorKind): boolean {
  return kind === 'unavailable';
}

/**
 * Request problems that are about the request, not the order: these stay `rejected` even on a
 * read of one order (a wrong API version must not make every order look unknown).
 */
const REQUEST_PROBLEM_CODES = new Set(['version_missing']);

function unknownOrderAsNotFound(error: PaymentGatewayError): PaymentGatewayError {
  const { status, type, code } = error.details;
  if (status !== 400 || type !== 'invalid_request_error' || (code !== undefined && REQUEST_PROBLEM_CODES.has(code))) {
    return error;
  }
  return new PaymentGatewayError('not_found', error.message, error.details, { cause: error });
}

function malformed(what: string): PaymentGatewayError {
  return new PaymentGatewayError('unavailable', `Cashfree sent an unexpected answer: ${what}`);
}

function toOrder(payload: unknown): GatewayOrder {
  if (!isObject(payload)) throw malformed('order is not an object');
  const { order_id: orderId, order_status: status, order_amount: amount, order_currency: currency } = payload;
  const amountPaise = rupeesToPaise(amount);
  if (
    typeof orderId !== 'string' ||
    typeof status !== 'string' ||
    amountPaise === null ||
    typeof currency !== 'string'
  ) {
    throw malformed('order lacks id, status, amount or currency');
  }
  const session = payload['payment_session_id'];
  return { orderId, status, amountPaise, currency, paymentSessionId: typeof session === 'string' ? session : null };
}

function toPayment(payload: unknown): GatewayPayment {
  if (!isObject(payload)) throw malformed('payment is not an object');
  const { cf_payment_id: id, payment_status: status, payment_amount: amount, payment_currency: currency } = payload;
  const amountPaise = rupeesToPaise(amount);
  const paymentId = idText(id);
  if (paymentId === null || typeof status !== 'string' || amountPaise === null) {
    throw malformed('payment lacks id, status or amount');
  }
  return {
    paymentId,
    status,
    amountPaise,
    currency: typeof currency === 'string' ? currency : 'INR',
    time: timeOf(payload['payment_time']),
    method: paymentMethodOf(payload['payment_group']),
  };
}

function toRefund(payload: unknown): GatewayRefund {
  const refund = refundFrom(payload);
  if (refund === null) throw malformed('refund lacks order id, refund id, status or amount');
  return refund;
}

function toDispute(payload: unknown): GatewayDispute {
  const dispute = isObject(payload) ? disputeFrom(payload, payload['order_details']) : null;
  if (dispute === null) throw malformed('dispute lacks id, order, type, status or amount');
  return dispute;
}

/**
 * The schemes a UPI intent link may have: the generic upi:// and the apps' own (Google Pay's tez://
 * and gpay://, PhonePe, Paytm's paytmmp:// and paytm://, BHIM). Anything else (a web page, an
 * Android intent:// with a fallback URL, a script) never reaches a button in our page.
 */
const UPI_INTENT_SCHEMES = new Set(['upi', 'tez', 'gpay', 'phonepe', 'paytmmp', 'paytm', 'bhim']);
const PNG_DATA_URI = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** An app's intent link, as Cashfree sends it (`tez://upi/pay?…`); null when absent or not a link. */
function intentLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && UPI_INTENT_SCHEMES.has(scheme) ? value : null;
}

/**
 * A PayOrderEntity (reference-2 §1.3): the links are `data.payload.{default,gpay,phonepe,paytm,bhim}`,
 * the QR `data.payload.qrcode`. cf_payment_id is an int64 in the SDKs and a string in the docs.
 */
function toUpiPayment(payload: unknown, channel: GatewayUpiChannel): GatewayUpiPayment {
  if (!isObject(payload)) throw malformed('order pay answer is not an object');
  const paymentId = idText(payload['cf_payment_id']);
  if (paymentId === null) throw malformed('order pay answer lacks cf_payment_id');
  const data = isObject(payload['data']) ? payload['data'] : {};
  const links = isObject(data['payload']) ? data['payload'] : {};
  if (channel === 'qrcode') {
    const qrImage = links['qrcode'];
    if (typeof qrImage !== 'string' || !PNG_DATA_URI.test(qrImage)) throw malformed('the UPI QR is not a PNG data URI');
    return { channel, paymentId, qrImage };
  }
  const generic = intentLink(links['default']);
  if (generic === null || !generic.startsWith('upi://')) throw malformed('the UPI links lack the upi:// one');
  return {
    channel,
    paymentId,
    links: {
      default: generic,
      gpay: intentLink(links['gpay']),
      phonepe: intentLink(links['phonepe']),
      paytm: intentLink(links['paytm']),
      bhim: intentLink(links['bhim']),
    },
  };
}
