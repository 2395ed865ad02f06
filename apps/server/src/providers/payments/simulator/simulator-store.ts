import { randomBytes, randomInt } from 'node:crypto';
import { ORDER_ID_PATTERN } from '@kholo/contracts';
import { paiseToRupees, rupeesToPaise } from '../amounts.js';
import { istTimestamp } from '../cashfree-gateway.js';

/**
 * The simulator's memory: orders and payment attempts as Cashfree keeps them (reference §9.1).
 * In memory on purpose: it stands in for someone else's system, and losing it on restart is
 * what an unreachable provider looks like (our reconciler then expires the orders).
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
}

export type SimMethod = 'upi' | 'card' | 'netbanking';
export type SimOutcome = 'SUCCESS' | 'FAILED' | 'USER_DROPPED';

export interface SimPayment {
  cfPaymentId: string;
  status: SimOutcome;
  amountPaise: number;
  method: SimMethod;
  time: number;
}

/** Test switches (DESIGN §4): faults a real provider produces, on demand. */
export interface SimulatorControls {
  /** The next n API calls answer 503. */
  failNextRequests: number;
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
}

export function defaultControls(): SimulatorControls {
  return {
    failNextRequests: 0,
    responseDelayMs: 0,
    duplicateWebhooks: 0,
    outOfOrderWebhooks: false,
    tamperWebhooks: false,
    dropWebhooks: false,
    misreportAmountPaise: null,
    misreportCurrency: null,
    webhookRetryDelaysMs: [2000, 10_000, 30_000],
  };
}

const MAX_ORDERS = 10_000;
/** Attempts per order; a real checkout also stops a session after a few failures. */
export const MAX_ATTEMPTS = 20;

export class SimulatorStore {
  private readonly orders = new Map<string, SimOrder>();
  private readonly sessions = new Map<string, string>();

  constructor(private readonly now: () => number) {}

  /** Validates as Cashfree does (reference §9.1); returns the problem, or the new order. */
  create(body: unknown): { error: { status: number; code: string; message: string } } | { order: SimOrder } {
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
    if (this.orders.has(orderId)) {
      return {
        error: { status: 409, code: 'order_already_exists', message: 'order with same id is already present' },
      };
    }
    const createdAt = this.now();
    const expiryText = input['order_expiry_time'];
    const expiry = typeof expiryText === 'string' ? Date.parse(expiryText) : Number.NaN;
    const order: SimOrder = {
      orderId,
      cfOrderId: String(randomInt(1_000_000_000, 9_999_999_999)),
      amountPaise,
      currency: 'INR',
      status: 'ACTIVE',
      sessionId: `session_${randomBytes(90).toString('base64url')}`,
      returnUrl: typeof returnUrl === 'string' ? returnUrl : null,
      // Only the fields Cashfree keeps, each already length-checked: memory stays bounded.
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
    };
    if (this.orders.size >= MAX_ORDERS) this.forgetOldest();
    this.orders.set(orderId, order);
    this.sessions.set(order.sessionId, orderId);
    return { order };
  }

  /** The order, with ACTIVE turned EXPIRED once its time is up (lazily, as Cashfree reports it). */
  get(orderId: string): SimOrder | undefined {
    const order = this.orders.get(orderId);
    if (order?.status === 'ACTIVE' && this.now() > order.expiresAt) order.status = 'EXPIRED';
    return order;
  }

  bySession(sessionId: string): SimOrder | undefined {
    const orderId = this.sessions.get(sessionId);
    return orderId === undefined ? undefined : this.get(orderId);
  }

  /** A payment attempt; a SUCCESS makes the order PAID, after which no attempt is allowed. */
  pay(order: SimOrder, method: SimMethod, outcome: SimOutcome): SimPayment {
    if (order.status !== 'ACTIVE') throw new Error(`order ${order.orderId} is ${order.status}`);
    if (order.payments.length >= MAX_ATTEMPTS) throw new Error(`order ${order.orderId} has no attempts left`);
    const payment: SimPayment = {
      cfPaymentId: String(randomInt(1_000_000_000, 9_999_999_999)) + String(randomInt(100, 999)),
      status: outcome,
      amountPaise: order.amountPaise,
      method,
      time: this.now(),
    };
    order.payments.unshift(payment);
    if (outcome === 'SUCCESS') order.status = 'PAID';
    return payment;
  }

  private forgetOldest(): void {
    const oldest = this.orders.keys().next();
    if (oldest.done === true) return;
    const order = this.orders.get(oldest.value);
    this.orders.delete(oldest.value);
    if (order !== undefined) this.sessions.delete(order.sessionId);
  }
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

export function paymentEntity(order: SimOrder, payment: SimPayment, controls: SimulatorControls) {
  const { group, method } = PAYMENT_GROUPS[payment.method];
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
    payment_completion_time: istTimestamp(payment.time),
    bank_reference: payment.status === 'SUCCESS' ? payment.cfPaymentId.slice(-12) : null,
    auth_id: null,
    payment_group: group,
    payment_method: method,
    error_details:
      payment.status === 'FAILED'
        ? {
            error_code: 'TRANSACTION_DECLINED',
            error_description: 'transaction is rejected at the remitter bank end (simulated)',
            error_reason: 'bank_rejected',
            error_source: 'bank',
          }
        : null,
  };
}

const PAYMENT_MESSAGES: Record<SimOutcome, string> = {
  SUCCESS: '00::Transaction success (simulated)',
  FAILED: 'Transaction declined by the bank (simulated)',
  USER_DROPPED: 'The customer left the checkout (simulated)',
};
