import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { ORDER_ID_PATTERN, paiseToRupees, rupeesToPaise } from '@kholo/contracts';
import { istTimestamp } from '../cashfree-gateway.js';
import {
  disputesAt,
  MAX_DISPUTES_PER_ORDER,
  newDispute,
  type OpenDispute,
  type SimDispute,
  simDisputeSchema,
} from './simulator-disputes.js';
import type { SimulatorOrderRow, SimulatorOrdersRepository } from './simulator-orders-repository.js';
import {
  holdsAmount,
  MAX_REFUNDS_PER_ORDER,
  newRefund,
  parseRefundRequest,
  refundsAt,
  type SimRefund,
  type SimRefundOutcome,
  type SimRefusal,
  simRefundSchema,
} from './simulator-refunds.js';

/**
 * The simulator's orders and payment attempts as Cashfree keeps them (reference §9.1), with
 * their refunds and disputes (reference-2 §2.9, §3.5). They live in the database only so that
 * every process sees them (see SimulatorStore); they stand in for someone else's system and are
 * pruned: unpaid orders after a day, paid ones after 60 days (see ORDER_RETENTION_MS).
 */
export interface SimOrder {
  orderId: string;
  cfOrderId: string;
  amountPaise: number;
  currency: 'INR';
  status: 'ACTIVE' | 'PAID' | 'EXPIRED';
  sessionId: string;
  returnUrl: string | null;
  customer: Record<string, string>;
  note: string | null;
  tags: Record<string, string> | null;
  createdAt: number;
  expiresAt: number;
  payments: SimPayment[];
  refunds: SimRefund[];
  disputes: SimDispute[];
}

export type SimMethod = 'upi' | 'card' | 'netbanking';
/** Cashfree's payment_status values (reference §1.6), all of which the simulator can produce. */
export const SIM_PAYMENT_STATUSES = [
  'SUCCESS',
  'FAILED',
  'USER_DROPPED',
  'PENDING',
  'NOT_ATTEMPTED',
  'CANCELLED',
  'VOID',
] as const;
export type SimPaymentStatus = (typeof SIM_PAYMENT_STATUSES)[number];
/**
 * What the checkout page may choose: a payment status, or SUCCESS_LATE, an attempt made now
 * that the bank confirms only after the order has expired (contract check M1: Cashfree then
 * moves the order from EXPIRED to PAID and sends the success webhook).
 */
export const SIM_OUTCOMES = [...SIM_PAYMENT_STATUSES, 'SUCCESS_LATE'] as const;
export type SimOutcome = (typeof SIM_OUTCOMES)[number];

export interface SimPayment {
  cfPaymentId: string;
  status: SimPaymentStatus;
  amountPaise: number;
  method: SimMethod;
  /**
   * An order-pay UPI attempt (reference-2 §1.9): PENDING until the fan answers in her UPI app
   * (answerUpi), USER_DROPPED when she does not within UPI_WAIT_MS (`resolvesAt`).
   */
  upiChannel?: SimUpiChannel | undefined;
  /** The x-idempotency-key of the order-pay call that made it: a repeat answers this attempt. */
  idempotencyKey?: string | undefined;
  /** When the attempt was made (payment_time). */
  time: number;
  /** A PENDING attempt the bank (or, for UPI, the fan) has yet to answer: when it will, and with what. */
  resolvesAt?: number | undefined;
  resolvesTo?: SimResolution | undefined;
  /** When a PENDING attempt was confirmed (payment_completion_time). */
  completedAt?: number | undefined;
}

/** What a PENDING attempt becomes when its time comes. */
export type SimResolution = 'SUCCESS' | 'FAILED' | 'USER_DROPPED';

/** Order-pay UPI channels the simulator serves; collect is refused (reference-2 §1.7). */
export const SIM_UPI_CHANNELS = ['link', 'qrcode'] as const;
export type SimUpiChannel = (typeof SIM_UPI_CHANNELS)[number];
/** What the fan can answer in her UPI app. */
export const SIM_UPI_ANSWERS = ['SUCCESS', 'FAILED', 'USER_DROPPED'] as const;
export type SimUpiAnswer = (typeof SIM_UPI_ANSWERS)[number];

/**
 * How long a link or QR attempt waits for the fan before Cashfree closes it out as USER_DROPPED
 * (reference-2 §1.5: "a provision to close out all payments after a configurable time"; 10
 * minutes is §1.9's guess, and what Kholo's QR counts down).
 */
export const UPI_WAIT_MS = 10 * 60_000;

/** How a PENDING or SUCCESS_LATE attempt plays out; the simulator takes these from its switches. */
export interface AttemptTiming {
  pendingResolveAfterMs: number;
  pendingResolvesTo: 'SUCCESS' | 'FAILED';
  lateSuccessAfterExpiryMs: number;
}

/** Test switches (DESIGN §4): faults a real provider produces, on demand. */
export interface SimulatorControls {
  /** The next n API calls answer 503. */
  failNextRequests: number;
  /** The next n API calls answer 429 with Cashfree's x-ratelimit-* headers. */
  rateLimitNextRequests: number;
  /**
   * The next n Create Order calls answer 404 although the order was made, as Cashfree's
   * sandbox sometimes does (a retry then meets 409 and reads the order).
   */
  transient404OnCreate: number;
  /** An unknown order is answered 400 invalid_request_error instead of 404 (Cashfree does both). */
  unknownOrderAs400: boolean;
  /** Every API answer waits this long first. */
  responseDelayMs: number;
  /** Extra identical deliveries of every webhook. */
  duplicateWebhooks: number;
  /** After a SUCCESS webhook, a late FAILED one for an earlier attempt of the same order. */
  outOfOrderWebhooks: boolean;
  /** Webhooks are signed with the wrong key. */
  tamperWebhooks: boolean;
  /** No webhooks at all (the reconciler or verify must notice the payment). */
  dropWebhooks: boolean;
  /** Report this amount (paise) instead of the order's, in webhooks and order reads. */
  misreportAmountPaise: number | null;
  misreportCurrency: string | null;
  /** Waits before re-sending a webhook that did not get a 200 (Cashfree: 2, 10, 30 min). */
  webhookRetryDelaysMs: number[];
  /** Retries carry the first delivery's timestamp and signature time, not a fresh one (M2). */
  keepFirstWebhookTimestamp: boolean;
  /** A PENDING attempt is confirmed this long after it was made (M7)... */
  pendingResolveAfterMs: number;
  /** ...as this. Cashfree's attempts can go FAILED → PENDING → SUCCESS, or PENDING → FAILED. */
  pendingResolvesTo: 'SUCCESS' | 'FAILED';
  /** A SUCCESS_LATE attempt is confirmed this long after its order expired (M1). */
  lateSuccessAfterExpiryMs: number;
  /**
   * Orders created while set expire this long after creation, whatever order_expiry_time says:
   * to reach EXPIRED, and a late success after it, in seconds on a real clock.
   */
  expireOrdersAfterMs: number | null;
  /** What a new refund becomes once the bank answers: SUCCESS, CANCELLED, ONHOLD, or PENDING for ever. */
  refundOutcome: SimRefundOutcome;
  /** How long after its creation the bank answers a refund (Cashfree: about 10 minutes). */
  refundSettleAfterMs: number;
  /**
   * The next n Create Refund calls record the refund but answer 503, as when the answer is lost
   * on the way back: the caller must find the refund, not make a second one.
   */
  failAfterRefundCreate: number;
  /**
   * A repeat of a refund id with the same amount: 'replay' answers the refund made (the skills'
   * account), 'error' refuses it with 400 refund_id_already_exists (undocumented either way,
   * reference-2 §2.6), so a caller must look the refund up after a refusal.
   */
  duplicateRefund: 'replay' | 'error';
  /**
   * The account may not use Order Pay (Cashfree's S2S flag is off, reference-2 §1.6): every
   * `POST /pg/orders/sessions` answers 400 request_failed, so Kholo's fallback to the hosted
   * checkout can be tried.
   */
  s2sDisabled: boolean;
}

export function defaultControls(): SimulatorControls {
  return {
    failNextRequests: 0,
    rateLimitNextRequests: 0,
    transient404OnCreate: 0,
    unknownOrderAs400: false,
    responseDelayMs: 0,
    duplicateWebhooks: 0,
    outOfOrderWebhooks: false,
    tamperWebhooks: false,
    dropWebhooks: false,
    misreportAmountPaise: null,
    misreportCurrency: null,
    webhookRetryDelaysMs: [2000, 10_000, 30_000],
    keepFirstWebhookTimestamp: false,
    pendingResolveAfterMs: 2 * 60_000,
    pendingResolvesTo: 'SUCCESS',
    lateSuccessAfterExpiryMs: 5 * 60_000,
    expireOrdersAfterMs: null,
    refundOutcome: 'SUCCESS',
    refundSettleAfterMs: 3000,
    failAfterRefundCreate: 0,
    duplicateRefund: 'replay',
    s2sDisabled: false,
  };
}

const DEFAULT_TIMING: AttemptTiming = defaultControls();

/**
 * Orders the simulator keeps. An unpaid order is of no use after a day, and there are never
 * more than MAX_UNPAID_ORDERS of them. A paid one is kept 60 days: a refund may be asked for up
 * to ~15 days after the payment and a chargeback comes later still. Paid orders are not capped
 * by count, since forgetting one would answer a refund or dispute with order_not_found.
 */
const MAX_UNPAID_ORDERS = 10_000;
const ORDER_RETENTION_MS = 24 * 60 * 60_000;
const PAID_ORDER_RETENTION_MS = 60 * 24 * 60 * 60_000;
/** Pruning reads every unpaid row, so each store does it at most this often (by its clock). */
const PRUNE_EVERY_MS = 60_000;
/** Orders whose due work (attempts, refunds, disputes) one runDue() looks at. */
const DUE_WORK_BATCH = 10_000;
/** Attempts per order; a real checkout also stops a session after a few failures. */
export const MAX_ATTEMPTS = 20;

export type PayResult =
  | {
      order: SimOrder;
      payment: SimPayment;
      /** Earlier PENDING attempts whose confirmation this write recorded: their webhooks are due. */
      resolved: SimPayment[];
      /** UPI attempts a success closed as USER_DROPPED: their webhooks are due after the payment's. */
      ended: SimPayment[];
    }
  | { refused: 'not_found' | 'no_attempts' | 'not_active' };

/** What an order-pay call did (reference-2 §1.9). */
export type UpiStartResult =
  | { kind: 'unknown_session' | 'inactive' | 'no_attempts' }
  /** The idempotency key of an earlier call on this order, with another channel. */
  | { kind: 'key_reused' }
  /** replayed: a repeat of an earlier call with the same idempotency key, answered with its attempt. */
  | { kind: 'started' | 'replayed'; order: SimOrder; payment: SimPayment; resolved: SimPayment[] };

/** What the fan's answer in her UPI app did. */
export type UpiAnswerResult =
  | { kind: 'unknown' }
  /** The attempt was already answered, dropped or closed: as it is now. */
  | { kind: 'not_pending'; order: SimOrder; payment: SimPayment }
  | { kind: 'answered'; order: SimOrder; payment: SimPayment; resolved: SimPayment[]; ended: SimPayment[] };

/** Attempts the bank confirmed and the order they belong to, as recorded: their webhooks are due. */
export interface ResolvedAttempt {
  order: SimOrder;
  payment: SimPayment;
}

/** What the clock brought about and a write recorded: the webhooks each calls for are due. */
export interface DueNews {
  attempts: ResolvedAttempt[];
  refunds: { order: SimOrder; refund: SimRefund }[];
  disputes: { order: SimOrder; dispute: SimDispute }[];
}

export type RefundResult =
  | { kind: 'unknown_order' }
  | { kind: 'refused'; refusal: SimRefusal }
  /** replayed: a repeat of a refund already made with this id and amount. */
  | { kind: 'created' | 'replayed'; order: SimOrder; refund: SimRefund };

export type DisputeResult =
  | { kind: 'unknown_order' }
  | { kind: 'unknown_dispute' }
  | { kind: 'refused'; refusal: SimRefusal }
  | { kind: 'done'; order: SimOrder; dispute: SimDispute };

/**
 * The simulator's orders, kept in the database (table simulator_orders) so that with several
 * processes the order made by one, the checkout page served by another and the Pay click
 * landing on a third all see the same order. A row holds the order as JSON plus a version:
 * a write succeeds only over the version it read, so two attempts racing on one order are
 * both recorded, one after the other, never one over the other.
 */
export class SimulatorStore {
  private lastPrunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly orders: SimulatorOrdersRepository,
    private readonly now: () => number,
  ) {}

  /** Validates as Cashfree does (reference §9.1); returns the problem, or the new order. */
  async create(
    body: unknown,
    options: { expiresAfterMs?: number | null } = {},
  ): Promise<{ error: { status: number; code: string; message: string } } | { order: SimOrder }> {
    const problem = (field: string, reason: string) => ({
      error: { status: 400, code: `${field}_invalid`, message: `${field} : ${reason}` },
    });
    if (typeof body !== 'object' || body === null) return problem('body', 'must be a JSON object');
    const input = body as Record<string, unknown>;
    const orderId = input['order_id'];
    if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) return problem('order_id', 'invalid');
    const amountPaise = rupeesToPaise(input['order_amount']);
    if (amountPaise === null || amountPaise < 100) return problem('order_amount', 'must be at least 1 with 2 decimals');
    if (input['order_currency'] !== 'INR') return problem('order_currency', 'must be INR');
    const customer = input['customer_details'];
    if (typeof customer !== 'object' || customer === null) return problem('customer_details', 'missing');
    const { customer_id: customerId, customer_phone: phone } = customer as Record<string, unknown>;
    if (typeof customerId !== 'string' || customerId.length < 3 || customerId.length > 50) {
      return problem('customer_id', 'must be 3-50 characters');
    }
    if (typeof phone !== 'string' || !/^\d{10}$/.test(phone)) return problem('customer_phone', 'must be 10 digits');
    const { customer_email: email, customer_name: name } = customer as Record<string, unknown>;
    if (email !== undefined && (typeof email !== 'string' || email.length < 3 || email.length > 100)) {
      return problem('customer_email', 'must be 3-100 characters');
    }
    if (name !== undefined && (typeof name !== 'string' || name.length < 3 || name.length > 100)) {
      return problem('customer_name', 'must be 3-100 characters');
    }
    const meta = (input['order_meta'] ?? {}) as Record<string, unknown>;
    const returnUrl = meta['return_url'];
    if (returnUrl !== undefined && (typeof returnUrl !== 'string' || returnUrl.length > 250)) {
      return problem('return_url', 'must be at most 250 characters');
    }
    const note = input['order_note'];
    if (note !== undefined && (typeof note !== 'string' || note.length < 3 || note.length > 200)) {
      return problem('order_note', 'must be 3-200 characters');
    }
    const tags = input['order_tags'];
    if (tags !== undefined) {
      const entries = typeof tags === 'object' && tags !== null ? Object.entries(tags) : null;
      if (entries === null || entries.length > 10) return problem('order_tags', 'at most 10 tags');
      if (entries.some(([, value]) => typeof value !== 'string' || value.length < 1 || value.length > 255)) {
        return problem('order_tags', 'values must be 1-255 characters');
      }
    }
    const createdAt = this.now();
    const expiryText = input['order_expiry_time'];
    const parsedExpiry = typeof expiryText === 'string' ? Date.parse(expiryText) : Number.NaN;
    const expiry =
      options.expiresAfterMs === undefined || options.expiresAfterMs === null
        ? parsedExpiry
        : createdAt + options.expiresAfterMs;
    const order: SimOrder = {
      orderId,
      cfOrderId: String(randomInt(1_000_000_000, 9_999_999_999)),
      amountPaise,
      currency: 'INR',
      status: 'ACTIVE',
      sessionId: `session_${randomBytes(90).toString('base64url')}`,
      returnUrl: typeof returnUrl === 'string' ? returnUrl : null,
      // Only the fields Cashfree keeps, each already length-checked: a row stays small.
      customer: {
        customer_id: customerId,
        customer_phone: phone,
        ...(typeof email === 'string' ? { customer_email: email } : {}),
        ...(typeof name === 'string' ? { customer_name: name } : {}),
      },
      note: typeof note === 'string' ? note : null,
      tags: (tags as Record<string, string> | undefined) ?? null,
      createdAt,
      expiresAt: Number.isNaN(expiry) ? createdAt + 30 * 24 * 60 * 60_000 : expiry,
      payments: [],
      refunds: [],
      disputes: [],
    };
    const inserted = await this.orders.insert({
      orderId,
      sessionId: order.sessionId,
      state: stateText(order),
      version: 0,
      createdAt,
    });
    if (!inserted) {
      return {
        error: { status: 409, code: 'order_already_exists', message: 'order with same id is already present' },
      };
    }
    if (createdAt - this.lastPrunedAt >= PRUNE_EVERY_MS) {
      this.lastPrunedAt = createdAt;
      await this.orders.deleteOld({
        unpaidBefore: createdAt - ORDER_RETENTION_MS,
        paidBefore: createdAt - PAID_ORDER_RETENTION_MS,
        keepUnpaid: MAX_UNPAID_ORDERS,
      });
    }
    return { order };
  }

  /**
   * The order as Cashfree would report it now: attempts the bank has confirmed by now with
   * their final status (PAID if one succeeded, even after expiry), and ACTIVE read as EXPIRED
   * once its time is up; refunds the bank has answered by now, and disputes closed unanswered.
   * Lazily: the row is written by the next pay() or settleDue().
   */
  async get(orderId: string): Promise<SimOrder | undefined> {
    const row = await this.orders.findById(orderId);
    return row === undefined ? undefined : this.orderFrom(row);
  }

  async bySession(sessionId: string): Promise<SimOrder | undefined> {
    const row = await this.orders.findBySession(sessionId);
    return row === undefined ? undefined : this.orderFrom(row);
  }

  /**
   * A payment attempt; a SUCCESS makes the order PAID, after which no attempt is allowed.
   * PENDING waits for the bank (`timing`), SUCCESS_LATE is PENDING until after the expiry.
   */
  async pay(
    orderId: string,
    method: SimMethod,
    outcome: SimOutcome,
    timing: AttemptTiming = DEFAULT_TIMING,
  ): Promise<PayResult> {
    // Each lost race means another attempt was written, and attempts are capped, so this ends.
    for (;;) {
      const row = await this.orders.findById(orderId);
      if (row === undefined) return { refused: 'not_found' };
      const { order, resolved } = this.viewOf(row);
      if (order.payments.length >= MAX_ATTEMPTS) return { refused: 'no_attempts' };
      if (order.status !== 'ACTIVE') return { refused: 'not_active' };
      const now = this.now();
      const payment: SimPayment = {
        cfPaymentId: newPaymentId(),
        status: outcome === 'SUCCESS_LATE' ? 'PENDING' : outcome,
        amountPaise: order.amountPaise,
        method,
        time: now,
        ...(outcome === 'PENDING'
          ? { resolvesAt: now + timing.pendingResolveAfterMs, resolvesTo: timing.pendingResolvesTo }
          : {}),
        // Started before the expiry, confirmed after it: at least a millisecond after.
        ...(outcome === 'SUCCESS_LATE'
          ? { resolvesAt: order.expiresAt + Math.max(1, timing.lateSuccessAfterExpiryMs), resolvesTo: 'SUCCESS' }
          : {}),
      };
      // A success closes the order's UPI attempts still waiting for the fan (orderAt).
      const { order: next, resolved: ended } = orderAt(
        { ...order, status: outcome === 'SUCCESS' ? 'PAID' : order.status, payments: [payment, ...order.payments] },
        now,
      );
      if (await this.orders.updateStateIfVersion(orderId, row.version, stateText(next))) {
        return { order: next, payment, resolved, ended };
      }
    }
  }

  /**
   * Order Pay with a UPI channel (reference-2 §1.9): a new PENDING attempt that waits for the
   * fan's answer in her UPI app, or USER_DROPPED after UPI_WAIT_MS. Only on an ACTIVE order; a
   * repeat of an earlier call's idempotency key answers that call's attempt.
   */
  async startUpi(sessionId: string, channel: SimUpiChannel, idempotencyKey: string | null): Promise<UpiStartResult> {
    for (;;) {
      const found = await this.orders.findBySession(sessionId);
      if (found === undefined) return { kind: 'unknown_session' };
      const { order, resolved } = this.viewOf(found);
      const earlier =
        idempotencyKey === null ? undefined : order.payments.find((one) => one.idempotencyKey === idempotencyKey);
      if (earlier !== undefined) {
        return earlier.upiChannel === channel
          ? { kind: 'replayed', order, payment: earlier, resolved: [] }
          : { kind: 'key_reused' };
      }
      if (order.status !== 'ACTIVE') return { kind: 'inactive' };
      if (order.payments.length >= MAX_ATTEMPTS) return { kind: 'no_attempts' };
      const now = this.now();
      const payment: SimPayment = {
        cfPaymentId: newPaymentId(),
        status: 'PENDING',
        amountPaise: order.amountPaise,
        method: 'upi',
        upiChannel: channel,
        ...(idempotencyKey === null ? {} : { idempotencyKey }),
        time: now,
        resolvesAt: now + UPI_WAIT_MS,
        resolvesTo: 'USER_DROPPED',
      };
      const next: SimOrder = { ...order, payments: [payment, ...order.payments] };
      if (await this.orders.updateStateIfVersion(order.orderId, found.version, stateText(next))) {
        return { kind: 'started', order: next, payment, resolved };
      }
    }
  }

  /**
   * The fan answers a UPI attempt in her app: SUCCESS pays the order (also after its expiry, as
   * for any attempt started in time) and closes its other waiting UPI attempts; FAILED or
   * USER_DROPPED ends this one. An attempt no longer PENDING is left as it is.
   */
  async answerUpi(cfPaymentId: string, answer: SimUpiAnswer): Promise<UpiAnswerResult> {
    for (;;) {
      const row = await this.orders.findWithPayment(cfPaymentId);
      if (row === undefined) return { kind: 'unknown' };
      const { order, resolved } = this.viewOf(row);
      const payment = order.payments.find((one) => one.cfPaymentId === cfPaymentId);
      if (payment === undefined) return { kind: 'unknown' };
      if (payment.status !== 'PENDING' || payment.upiChannel === undefined)
        return { kind: 'not_pending', order, payment };
      const now = this.now();
      const { resolvesAt: _resolvesAt, resolvesTo: _resolvesTo, ...waiting } = payment;
      const answered: SimPayment = { ...waiting, status: answer, completedAt: now };
      const { order: next, resolved: ended } = orderAt(
        {
          ...order,
          status: answer === 'SUCCESS' ? 'PAID' : order.status,
          payments: order.payments.map((one) => (one.cfPaymentId === cfPaymentId ? answered : one)),
        },
        now,
      );
      if (await this.orders.updateStateIfVersion(order.orderId, row.version, stateText(next))) {
        return { kind: 'answered', order: next, payment: answered, resolved, ended };
      }
    }
  }

  /**
   * Records everything the clock has brought about by now (PENDING attempts the bank answered,
   * refunds it answered, disputes left unanswered past respond_by) and returns it, each once
   * across all processes: whoever writes the row sends the webhooks.
   */
  async settleDue(): Promise<DueNews> {
    const news: DueNews = { attempts: [], refunds: [], disputes: [] };
    for (const { orderId } of await this.orders.findWithDueWork(DUE_WORK_BATCH)) {
      // A lost race means someone else wrote the row: read it again, it may have nothing due.
      for (;;) {
        const row = await this.orders.findById(orderId);
        if (row === undefined) break;
        const { order, resolved, settledRefunds, lapsedDisputes } = this.viewOf(row);
        if (resolved.length + settledRefunds.length + lapsedDisputes.length === 0) break;
        if (await this.orders.updateStateIfVersion(orderId, row.version, stateText(order))) {
          for (const payment of resolved) news.attempts.push({ order, payment });
          for (const refund of settledRefunds) news.refunds.push({ order, refund });
          for (const dispute of lapsedDisputes) news.disputes.push({ order, dispute });
          break;
        }
      }
    }
    return news;
  }

  /**
   * Create Refund as reference-2 §2.9 describes Cashfree's: only on a PAID order, for at most
   * what is left of the payment after the refunds that still hold money; the refund id names
   * one refund per order. The write adds the refund to the row as stored and leaves whatever
   * else the clock brought about to settleDue(), which sends its webhooks.
   */
  async createRefund(
    orderId: string,
    body: unknown,
    options: { outcome: SimRefundOutcome; settleAfterMs: number; duplicate: 'replay' | 'error' },
  ): Promise<RefundResult> {
    for (;;) {
      const row = await this.orders.findById(orderId);
      if (row === undefined) return { kind: 'unknown_order' };
      const stored = this.storedOf(row);
      const { order } = orderAt(stored, this.now());
      const refused = (status: number, code: string, message: string): RefundResult => ({
        kind: 'refused',
        refusal: { status, code, message },
      });
      if (order.status !== 'PAID') return refused(400, 'request_failed', 'order is not paid');
      const request = parseRefundRequest(body);
      if ('status' in request) return { kind: 'refused', refusal: request };
      const existing = order.refunds.find((refund) => refund.refundId === request.refundId);
      if (existing !== undefined) {
        if (existing.amountPaise === request.amountPaise && options.duplicate === 'replay') {
          return { kind: 'replayed', order, refund: existing };
        }
        return refused(400, 'refund_id_already_exists', 'refund with same refund_id already exists');
      }
      const payment = order.payments.find((attempt) => attempt.status === 'SUCCESS');
      if (payment === undefined) return refused(400, 'request_failed', 'order is not paid');
      const held = order.refunds.filter(holdsAmount).reduce((sum, refund) => sum + refund.amountPaise, 0);
      if (request.amountPaise > payment.amountPaise - held) {
        return refused(400, 'refund_amount_invalid', 'refund amount is more than the amount left to refund');
      }
      if (order.refunds.length >= MAX_REFUNDS_PER_ORDER) {
        return refused(400, 'request_failed', `at most ${MAX_REFUNDS_PER_ORDER} refunds per order`);
      }
      const refund = newRefund(request, payment, this.now(), options);
      const next: SimOrder = { ...stored, refunds: [...stored.refunds, refund] };
      if (await this.orders.updateStateIfVersion(orderId, row.version, stateText(next))) {
        return { kind: 'created', order: { ...order, refunds: [...order.refunds, refund] }, refund };
      }
    }
  }

  /** The fan's bank raises a dispute on a paid order (reference-2 §3.5). */
  async openDispute(request: OpenDispute): Promise<DisputeResult> {
    for (;;) {
      const row = await this.orders.findById(request.orderId);
      if (row === undefined) return { kind: 'unknown_order' };
      const stored = this.storedOf(row);
      const { order } = orderAt(stored, this.now());
      const payment = order.payments.find((attempt) => attempt.status === 'SUCCESS');
      if (order.status !== 'PAID' || payment === undefined) {
        return { kind: 'refused', refusal: { status: 400, code: 'request_failed', message: 'order is not paid' } };
      }
      if (order.disputes.length >= MAX_DISPUTES_PER_ORDER) {
        return {
          kind: 'refused',
          refusal: {
            status: 400,
            code: 'request_failed',
            message: `at most ${MAX_DISPUTES_PER_ORDER} disputes per order`,
          },
        };
      }
      const dispute = newDispute(request, await this.unusedDisputeId(), payment, this.now());
      if ('code' in dispute) return { kind: 'refused', refusal: dispute };
      const next: SimOrder = { ...stored, disputes: [...stored.disputes, dispute] };
      if (await this.orders.updateStateIfVersion(order.orderId, row.version, stateText(next))) {
        return { kind: 'done', order: { ...order, disputes: [...order.disputes, dispute] }, dispute };
      }
    }
  }

  /** Applies `change` to a dispute as it stands now; a refusal is answered and nothing is written. */
  async changeDispute(
    disputeId: string,
    change: (dispute: SimDispute, now: number) => SimDispute | SimRefusal,
  ): Promise<DisputeResult> {
    for (;;) {
      const row = await this.orders.findWithDispute(disputeId);
      if (row === undefined) return { kind: 'unknown_dispute' };
      const stored = this.storedOf(row);
      const now = this.now();
      const { order } = orderAt(stored, now);
      const current = order.disputes.find((dispute) => dispute.disputeId === disputeId);
      if (current === undefined) return { kind: 'unknown_dispute' };
      const changed = change(current, now);
      if ('code' in changed) return { kind: 'refused', refusal: changed };
      const swap = (disputes: SimDispute[]) => disputes.map((one) => (one.disputeId === disputeId ? changed : one));
      const next: SimOrder = { ...stored, disputes: swap(stored.disputes) };
      if (await this.orders.updateStateIfVersion(order.orderId, row.version, stateText(next))) {
        return { kind: 'done', order: { ...order, disputes: swap(order.disputes) }, dispute: changed };
      }
    }
  }

  /** A payment attempt by its cf_payment_id, as it stands now, with its order. */
  async findPayment(cfPaymentId: string): Promise<{ order: SimOrder; payment: SimPayment } | undefined> {
    const row = await this.orders.findWithPayment(cfPaymentId);
    if (row === undefined) return undefined;
    const { order } = this.viewOf(row);
    const payment = order.payments.find((one) => one.cfPaymentId === cfPaymentId);
    return payment === undefined ? undefined : { order, payment };
  }

  /** A dispute by its id, as it stands now, with its order. */
  async findDispute(disputeId: string): Promise<{ order: SimOrder; dispute: SimDispute } | undefined> {
    const row = await this.orders.findWithDispute(disputeId);
    if (row === undefined) return undefined;
    const { order } = this.viewOf(row);
    const dispute = order.disputes.find((one) => one.disputeId === disputeId);
    return dispute === undefined ? undefined : { order, dispute };
  }

  /** Digits below 2^31, as the SDKs type dispute_id (int32), and not yet used. */
  private async unusedDisputeId(): Promise<string> {
    for (;;) {
      const id = String(randomInt(100_000_000, 2 ** 31 - 1));
      if ((await this.orders.findWithDispute(id)) === undefined) return id;
    }
  }

  private orderFrom(row: SimulatorOrderRow): SimOrder {
    return this.viewOf(row).order;
  }

  private storedOf(row: SimulatorOrderRow): SimOrder {
    const state = storedStateSchema.parse(JSON.parse(row.state));
    return { ...state, orderId: row.orderId, sessionId: row.sessionId, createdAt: row.createdAt };
  }

  private viewOf(row: SimulatorOrderRow): OrderView {
    return orderAt(this.storedOf(row), this.now());
  }
}

/** A cf_payment_id: 13 digits, as Cashfree's are long integers. */
function newPaymentId(): string {
  return String(randomInt(1_000_000_000, 9_999_999_999)) + String(randomInt(100, 999));
}

/** An order as it stands at a moment, and what the clock brought about that its row does not yet show. */
export interface OrderView {
  order: SimOrder;
  /** Attempts the bank answered. */
  resolved: SimPayment[];
  settledRefunds: SimRefund[];
  lapsedDisputes: SimDispute[];
}

/**
 * The order at `now`: each PENDING attempt due by then takes its final status, in the order the
 * bank answered; the first success makes the order PAID, also after its expiry (Cashfree moves
 * EXPIRED to PAID for an attempt started in time). A success on an order another attempt has
 * already paid is recorded as FAILED here (Cashfree would refund it; Kholo never sees it paid).
 * A UPI attempt unanswered for UPI_WAIT_MS ends USER_DROPPED, and once the order is PAID every
 * UPI attempt still waiting for the fan ends USER_DROPPED too (reference-2 §1.9). Then an ACTIVE
 * order past its expiry reads EXPIRED. Refunds and disputes move on the same clock (refundsAt,
 * disputesAt).
 */
export function orderAt(stored: SimOrder, now: number): OrderView {
  let status = stored.status;
  let paidAt: number | null = null;
  const due = stored.payments
    .filter((payment) => payment.status === 'PENDING' && payment.resolvesAt !== undefined && payment.resolvesAt <= now)
    .sort((a, b) => (a.resolvesAt ?? 0) - (b.resolvesAt ?? 0));
  const finals = new Map<string, SimPayment>();
  const settle = (payment: SimPayment, final: SimPaymentStatus, at: number) => {
    const { resolvesAt: _resolvesAt, resolvesTo: _resolvesTo, ...rest } = payment;
    finals.set(payment.cfPaymentId, { ...rest, status: final, completedAt: at });
  };
  for (const payment of due) {
    const at = payment.resolvesAt ?? now;
    let final: SimPaymentStatus = payment.resolvesTo === 'USER_DROPPED' ? 'USER_DROPPED' : 'FAILED';
    if (payment.resolvesTo === 'SUCCESS' && status !== 'PAID') {
      final = 'SUCCESS';
      status = 'PAID';
      paidAt = at;
    }
    settle(payment, final, at);
  }
  if (status === 'PAID') {
    for (const payment of stored.payments) {
      if (payment.status === 'PENDING' && payment.upiChannel !== undefined && !finals.has(payment.cfPaymentId)) {
        settle(payment, 'USER_DROPPED', paidAt ?? now);
      }
    }
  }
  if (status === 'ACTIVE' && now > stored.expiresAt) status = 'EXPIRED';
  const refunds = refundsAt(stored.refunds, now);
  const disputes = disputesAt(stored.disputes, now);
  return {
    order: {
      ...stored,
      status,
      payments: stored.payments.map((payment) => finals.get(payment.cfPaymentId) ?? payment),
      refunds: refunds.refunds,
      disputes: disputes.disputes,
    },
    resolved: [...finals.values()],
    settledRefunds: refunds.settled,
    lapsedDisputes: disputes.lapsed,
  };
}

/** What a row's `state` holds: the order minus the fields that have columns of their own. */
const storedStateSchema = z.object({
  cfOrderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal('INR'),
  status: z.enum(['ACTIVE', 'PAID', 'EXPIRED']),
  returnUrl: z.string().nullable(),
  customer: z.record(z.string(), z.string()),
  note: z.string().nullable(),
  tags: z.record(z.string(), z.string()).nullable(),
  expiresAt: z.number(),
  payments: z.array(
    z.object({
      cfPaymentId: z.string(),
      status: z.enum(SIM_PAYMENT_STATUSES),
      amountPaise: z.number().int(),
      method: z.enum(['upi', 'card', 'netbanking']),
      upiChannel: z.enum(SIM_UPI_CHANNELS).optional(),
      idempotencyKey: z.string().optional(),
      time: z.number(),
      resolvesAt: z.number().optional(),
      resolvesTo: z.enum(['SUCCESS', 'FAILED', 'USER_DROPPED']).optional(),
      completedAt: z.number().optional(),
    }),
  ),
  // Rows written before refunds and disputes existed have neither.
  refunds: z.array(simRefundSchema).default([]),
  disputes: z.array(simDisputeSchema).default([]),
});

function stateText(order: SimOrder): string {
  const { orderId: _orderId, sessionId: _sessionId, createdAt: _createdAt, ...state } = order;
  return JSON.stringify(state satisfies z.infer<typeof storedStateSchema>);
}

export function orderEntity(order: SimOrder, controls: SimulatorControls) {
  return {
    cf_order_id: order.cfOrderId,
    created_at: istTimestamp(order.createdAt),
    customer_details: order.customer,
    entity: 'order',
    order_amount: paiseToRupees(controls.misreportAmountPaise ?? order.amountPaise),
    order_currency: controls.misreportCurrency ?? order.currency,
    order_expiry_time: istTimestamp(order.expiresAt),
    order_id: order.orderId,
    order_meta: { return_url: order.returnUrl, payment_methods: 'upi,cc,dc,nb', notify_url: null },
    order_note: order.note,
    order_splits: [],
    order_status: order.status,
    order_tags: order.tags,
    payment_session_id: order.sessionId,
    terminal_data: null,
  };
}

export const PAYMENT_GROUPS: Record<SimMethod, { group: string; method: Record<string, unknown> }> = {
  upi: { group: 'upi', method: { upi: { channel: 'collect', upi_id: 'testsuccess@gocash' } } },
  card: {
    group: 'credit_card',
    method: {
      card: { channel: 'link', card_number: 'XXXXXXXXXXXX1111', card_network: 'visa', card_type: 'credit_card' },
    },
  },
  netbanking: { group: 'net_banking', method: { netbanking: { channel: 'link', netbanking_bank_code: 3003 } } },
};

/** payment_group and payment_method of an attempt: an order-pay UPI attempt names its own channel. */
export function paymentMethodOf(payment: SimPayment): { group: string; method: Record<string, unknown> } {
  if (payment.upiChannel === undefined) return PAYMENT_GROUPS[payment.method];
  return { group: 'upi', method: { upi: { channel: payment.upiChannel, upi_id: null } } };
}

export function paymentEntity(order: SimOrder, payment: SimPayment, controls: SimulatorControls) {
  const { group, method } = paymentMethodOf(payment);
  const finished = payment.status !== 'PENDING' && payment.status !== 'NOT_ATTEMPTED';
  return {
    cf_payment_id: payment.cfPaymentId,
    order_id: order.orderId,
    entity: 'payment',
    is_captured: payment.status === 'SUCCESS',
    order_amount: paiseToRupees(order.amountPaise),
    payment_amount: paiseToRupees(controls.misreportAmountPaise ?? payment.amountPaise),
    payment_currency: controls.misreportCurrency ?? 'INR',
    payment_status: payment.status,
    payment_message: PAYMENT_MESSAGES[payment.status],
    payment_time: istTimestamp(payment.time),
    payment_completion_time: finished ? istTimestamp(payment.completedAt ?? payment.time) : null,
    bank_reference: payment.status === 'SUCCESS' ? bankReference(payment) : null,
    auth_id: null,
    payment_group: group,
    payment_method: method,
    error_details: errorDetails(payment.status),
  };
}

/** A 12-digit reference as banks give for a UPI or card payment. */
export function bankReference(payment: SimPayment): string {
  return payment.cfPaymentId.slice(-12);
}

/** Cashfree's error_details for an attempt that did not go through; null otherwise. */
export function errorDetails(status: SimPaymentStatus) {
  const details: Partial<Record<SimPaymentStatus, Record<string, string>>> = {
    FAILED: {
      error_code: 'TRANSACTION_DECLINED',
      error_description: 'transaction is rejected at the remitter bank end (simulated)',
      error_reason: 'bank_rejected',
      error_source: 'bank',
    },
    USER_DROPPED: {
      error_code: 'TRANSACTION_INCOMPLETE',
      error_description: 'user dropped and did not complete the two factor authentication',
      error_reason: 'user_dropped',
      error_source: 'customer',
    },
    CANCELLED: {
      error_code: 'TRANSACTION_CANCELLED',
      error_description: 'transaction was cancelled by the bank (simulated)',
      error_reason: 'cancelled',
      error_source: 'bank',
    },
    VOID: {
      error_code: 'AUTHORIZATION_VOIDED',
      error_description: 'the authorization was voided before capture (simulated)',
      error_reason: 'voided',
      error_source: 'cashfree',
    },
  };
  return details[status] ?? null;
}

/** payment_message as Cashfree writes it: a bank's response code, then words. */
export const PAYMENT_MESSAGES: Record<SimPaymentStatus, string> = {
  SUCCESS: '00::Transaction success',
  FAILED: 'Transaction declined by the remitter bank',
  USER_DROPPED: 'User dropped and did not complete the two factor authentication',
  PENDING: 'Transaction is pending at the bank',
  NOT_ATTEMPTED: 'Payment not attempted',
  CANCELLED: 'Transaction cancelled',
  VOID: 'Authorization voided',
};
