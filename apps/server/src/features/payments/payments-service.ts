import { randomBytes } from 'node:crypto';
import {
  type CheckoutMode,
  type CreateOrderInput,
  type CreateOrderResponse,
  formatDateTime,
  formatPaise,
  type PaymentStatus,
  type VerifyPaymentResponse,
} from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database, OrderStatus } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { LeaseBusyError, withLease } from '../../lib/leases.js';
import type { BackgroundMail } from '../../providers/mail/mailer.js';
import { rupeesToPaise } from '../../providers/payments/amounts.js';
import { type PaymentGateway, PaymentGatewayError } from '../../providers/payments/payment-gateway.js';
import { isOnSale } from '../content/index.js';
import type { ContentRepository } from '../content/content-repository.js';
import { isOpen, type OrderRow, type OrdersRepository } from './orders-repository.js';
import { receiptEmail } from './receipt-email.js';
import type { PaymentEvidence, Settle, SettlementResult } from './settlement.js';

/** How long a checkout stays payable at the provider. */
export const ORDER_TTL_MS = 30 * 60_000;
/** A double click (or a second tab) within this window gets the same order, not a second one. */
const REUSE_WINDOW_MS = 10 * 60_000;
/**
 * The longest one order creation may hold its fan-and-item lease: above the provider's worst
 * case (a create of three 10 s attempts, then on a conflict a read of three more, with the
 * waits between), so a live creation is never taken over; a process that died mid-creation
 * blocks that fan's item for two minutes at most.
 */
const ORDER_LEASE_TTL_MS = 120_000;
/** How long a second request (a double click) waits for the first before answering "being prepared". */
const ORDER_LEASE_WAIT_MS = 45_000;
/** The reconciler leaves orders alone this long: the fan is probably still on the checkout. */
export const RECONCILE_MIN_AGE_MS = 2 * 60_000;
/** The same words for an item that never existed and one no longer on sale. */
const ITEM_NOT_FOUND = 'Content not found.';
/** Cashfree requires a phone; the spec collects none, so a fixed placeholder (reference §0.4, ADR 011). */
const PLACEHOLDER_PHONE = '9999999999';

export interface PaymentsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface Buyer {
  id: string;
  name: string;
  email: string;
}

export interface WebhookEvent {
  type: string;
  orderId: string | null;
  paymentId: string | null;
  paymentStatus: string | null;
  /** The order's amount as the provider states it, and what was paid. */
  orderAmountPaise: number | null;
  paymentAmountPaise: number | null;
  currency: string | null;
  idempotencyKey: string | null;
}

export function createPaymentsService(deps: {
  db: Kysely<Database>;
  orders: OrdersRepository;
  contents: ContentRepository;
  gateway: PaymentGateway;
  settle: Settle;
  clock: Clock;
  mail: BackgroundMail;
  logger: PaymentsLogger;
  publicUrl: string;
  supportEmail: string;
  checkout: { mode: CheckoutMode; urlFor: ((sessionId: string) => string) | null };
  providerName: string;
  /** How long a second request waits for the first's order; tests shorten it. */
  orderLeaseWaitMs?: number;
}) {
  const { orders, gateway, clock, logger } = deps;

  function checkoutOf(order: OrderRow): CreateOrderResponse {
    const session = order.paymentSessionId ?? '';
    return {
      order_id: order.id,
      payment_session_id: session,
      contentId: order.contentId,
      amountPaise: order.amountPaise,
      currency: 'INR',
      checkout: { mode: deps.checkout.mode, url: deps.checkout.urlFor === null ? null : deps.checkout.urlFor(session) },
    };
  }

  /** After a first settlement only: the fan's receipt. */
  async function afterSettlement(result: SettlementResult, source: string): Promise<void> {
    if (result.kind !== 'settled') return;
    const { order } = result;
    logger.info({ orderId: order.id, source, amountPaise: order.amountPaise }, 'order settled');
    const details = await orders.findReceiptDetails(order.id);
    if (details === undefined) return;
    deps.mail.queue(
      receiptEmail({
        to: details.email,
        fanName: details.fanName,
        itemTitle: details.title,
        creatorName: details.creatorName,
        amountPaise: order.amountPaise,
        orderId: order.id,
        paidAt: result.purchasedAt,
        accessUntil: result.expiresAt,
        contentUrl: `${deps.publicUrl}/content/${encodeURIComponent(order.contentId)}`,
        supportEmail: deps.supportEmail,
      }),
    );
  }

  async function settle(orderId: string, evidence: PaymentEvidence, source: string): Promise<SettlementResult> {
    const result = await deps.settle(orderId, evidence);
    if (result.kind === 'amount_mismatch') {
      logger.error(
        { orderId, expected: result.order.amountPaise, got: evidence.amountPaise, currency: evidence.currency, source },
        'payment amount or currency does not match the order; not unlocking',
      );
    }
    if (result.kind === 'paid_for_removed_item') {
      logger.error(
        { orderId, contentId: result.order.contentId, amountPaise: evidence.amountPaise, source },
        'payment for an item whose files are gone; not unlocking, refund it by hand',
      );
    }
    await afterSettlement(result, source);
    return result;
  }

  /**
   * Asks the provider about an open order and acts on the answer (reference §4): PAID with the
   * right amount settles; EXPIRED or TERMINATED expires; a failed latest attempt marks FAILED.
   * A provider that cannot be reached changes nothing: the next poll or the reconciler retries.
   */
  async function refreshFromProvider(
    order: OrderRow,
    source: 'webhook' | 'verify' | 'reconcile',
  ): Promise<OrderStatus> {
    const now = clock.now();
    let remote;
    try {
      remote = await gateway.getOrder(order.id);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.kind === 'not_found') {
        // Creation never reached the provider (or its record is gone): nothing can be paid.
        if (now - order.createdAt > ORDER_TTL_MS) {
          await advance(order, 'EXPIRED', 'not_at_provider', source);
          return 'EXPIRED';
        }
        return order.status;
      }
      logger.warn({ err: error, orderId: order.id, source }, 'could not ask the payment provider about an order');
      return order.status;
    }

    if (remote.status === 'PAID') {
      let paymentId: string | null = null;
      try {
        paymentId =
          (await gateway.getPayments(order.id)).find((payment) => payment.status === 'SUCCESS')?.paymentId ?? null;
      } catch {
        // The payment id is for the record only; the order's PAID is what settles.
      }
      const result = await settle(
        order.id,
        { providerPaymentId: paymentId, amountPaise: remote.amountPaise, currency: remote.currency },
        source,
      );
      await record(source, order.id, 'PAID', paymentId, remote.amountPaise, remote.currency, result.kind);
      return result.kind === 'settled' || result.kind === 'already_paid' ? 'PAID' : 'FAILED';
    }
    if (remote.status === 'EXPIRED' || remote.status === 'TERMINATED') {
      await advance(order, 'EXPIRED', remote.status.toLowerCase(), source);
      return 'EXPIRED';
    }
    if (order.status === 'CREATED' && remote.paymentSessionId !== null) {
      await orders.markActive(order.id, remote.paymentSessionId, now);
    }
    try {
      // Newest first by the provider's own time; the list's order is not documented (reference §1.6).
      const attempts = [...(await gateway.getPayments(order.id))].sort((a, b) => (b.time ?? 0) - (a.time ?? 0));
      const latest = attempts[0];
      if (latest !== undefined && ['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID'].includes(latest.status)) {
        await advance(order, 'FAILED', latest.status.toLowerCase(), source);
        return order.status === 'EXPIRED' ? 'EXPIRED' : 'FAILED';
      }
      // A retry after a failed attempt, not yet confirmed: the page keeps polling (reference §4).
      if (latest?.status === 'PENDING') return 'ACTIVE';
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'could not read the payment attempts of an order');
    }
    return order.status === 'CREATED' ? 'ACTIVE' : order.status;
  }

  async function advance(
    order: OrderRow,
    status: 'FAILED' | 'EXPIRED',
    reason: string,
    source: 'webhook' | 'verify' | 'reconcile',
  ) {
    if (await orders.advance(order.id, status, reason, clock.now())) {
      await record(source, order.id, status, null, null, null, `marked_${status.toLowerCase()}`);
    }
  }

  function record(
    source: 'webhook' | 'verify' | 'reconcile',
    orderId: string,
    paymentStatus: string,
    paymentId: string | null,
    amountPaise: number | null,
    currency: string | null,
    outcome: string,
  ): Promise<void> {
    return orders.recordEvent(
      {
        dedupeKey: `${source}:${orderId}:${paymentStatus}:${outcome}`,
        source,
        eventType: `ORDER_${paymentStatus}`,
        orderId,
        providerPaymentId: paymentId,
        paymentStatus,
        amountPaise,
        currency,
        outcome,
      },
      clock.now(),
    );
  }

  async function createOrderNow(buyer: Buyer, input: CreateOrderInput): Promise<CreateOrderResponse> {
    const contentId = input.contentId ?? input.notes?.contentId ?? '';
    const now = clock.now();
    const item = await deps.contents.findById(contentId);
    if (item === undefined || !isOnSale(item)) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    if (item.creatorId === buyer.id) {
      throw new AppError('ALREADY_UNLOCKED', 'This is your own item, so it is already open to you.');
    }
    const unlock = await deps.contents.findActiveUnlock(buyer.id, item.id, now);
    if (unlock !== undefined) {
      throw new AppError(
        'ALREADY_UNLOCKED',
        `You already have access to this item until ${formatDateTime(unlock.expiresAt)}.`,
      );
    }
    if (input.amount !== undefined && rupeesToPaise(input.amount) !== item.pricePaise) {
      throw new AppError(
        'PRICE_CHANGED',
        `The price of this item is now ${formatPaise(item.pricePaise)}. Please check it and try again.`,
      );
    }

    const reusable = await orders.findReusable(buyer.id, item.id, item.pricePaise, now - REUSE_WINDOW_MS);
    if (reusable !== undefined) return checkoutOf(reusable);

    const orderId = newOrderId();
    const placed = await orders.insertForItemOnSale({
      id: orderId,
      fanId: buyer.id,
      contentId: item.id,
      creatorId: item.creatorId,
      amountPaise: item.pricePaise,
      currency: 'INR',
      status: 'CREATED',
      provider: deps.providerName,
      paymentSessionId: null,
      providerPaymentId: null,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
      paidAt: null,
      nextCheckAt: now + RECONCILE_MIN_AGE_MS,
    });
    // Deleted, hidden or its creator suspended since it was read above.
    if (!placed) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    let created;
    try {
      created = await gateway.createOrder({
        orderId,
        amountPaise: item.pricePaise,
        customer: { id: customerIdFor(buyer.id), email: buyer.email, name: buyer.name, phone: PLACEHOLDER_PHONE },
        returnUrl: `${deps.publicUrl}/payment-success?order_id={order_id}&contentId=${encodeURIComponent(item.id)}`,
        note: orderNote(item.title),
        tags: { contentId: item.id, creatorId: item.creatorId },
        expiresAt: now + ORDER_TTL_MS,
      });
    } catch (error) {
      // The order stays CREATED: if the provider did make it, the reconciler finds out.
      logger.error({ err: error, orderId }, 'the payment provider did not create an order');
      throw new AppError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'Payments are not available right now. Please try again in a minute.',
        { cause: error },
      );
    }
    if (created.paymentSessionId === null || created.amountPaise !== item.pricePaise) {
      logger.error(
        { orderId, remote: created },
        'the payment provider answered an order with a different amount or no session',
      );
      await orders.advance(orderId, 'FAILED', 'provider_mismatch', now);
      throw new AppError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'Payments are not available right now. Please try again in a minute.',
      );
    }
    await orders.markActive(orderId, created.paymentSessionId, clock.now());
    const stored = await orders.findById(orderId);
    if (stored === undefined) throw new Error(`order ${orderId} vanished while being created`);
    return checkoutOf(stored);
  }

  return {
    /** POST /api/payment/order (DESIGN §4 step 1). */
    async createOrder(buyer: Buyer, input: CreateOrderInput): Promise<CreateOrderResponse> {
      // A double click sends two requests at once, perhaps to two processes; both would pass
      // the reuse check before either order exists, and the fan would get two payable
      // checkouts. Under one lease per fan and item, the second waits and finds the first's order.
      const lease = `create-order:${buyer.id}:${input.contentId ?? input.notes?.contentId ?? ''}`;
      try {
        return await withLease(deps.db, lease, ORDER_LEASE_TTL_MS, () => createOrderNow(buyer, input), {
          waitMs: deps.orderLeaseWaitMs ?? ORDER_LEASE_WAIT_MS,
        });
      } catch (error) {
        if (!(error instanceof LeaseBusyError)) throw error;
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Your checkout for this item is still being prepared. Please try again in a minute.',
          { cause: error },
        );
      }
    },

    /** POST /api/payment/verify-payment: the fan's own order, from the database first (DESIGN §4 step 4). */
    async verify(fanId: string, orderId: string): Promise<VerifyPaymentResponse> {
      const order = await orders.findById(orderId);
      if (order === undefined || order.fanId !== fanId) throw new AppError('NOT_FOUND', 'Order not found.');
      let status: OrderStatus = order.status;
      if (isOpen(order)) {
        status = await refreshFromProvider(order, 'verify');
      }
      return answerFor(order, status);
    },

    /**
     * A verified webhook (the route checked its signature on the raw bytes). SUCCESS settles when
     * the amount and currency match; FAILED and USER_DROPPED mark the order FAILED, which a later
     * SUCCESS can still overtake but which never undoes PAID. Returns what happened, for the log.
     */
    async handleWebhook(event: WebhookEvent): Promise<string> {
      let outcome: string;
      const order = event.orderId === null ? undefined : await orders.findById(event.orderId);
      if (order === undefined) {
        outcome = 'unknown_order';
      } else if (event.type === 'PAYMENT_SUCCESS_WEBHOOK' && event.paymentStatus === 'SUCCESS') {
        const underpaid =
          event.paymentAmountPaise !== null &&
          event.orderAmountPaise !== null &&
          event.paymentAmountPaise < event.orderAmountPaise;
        if (underpaid && order.status !== 'PAID') {
          // Less paid than the order states (an offer, a partial capture): the webhook alone
          // cannot tell, so the provider's own order status decides, as verify would.
          const status = await refreshFromProvider(order, 'webhook');
          outcome = status === 'PAID' ? 'settled_after_check' : 'underpaid_not_settled';
        } else {
          // The order's stated amount and currency must match ours (settle checks them).
          const result = await settle(
            order.id,
            {
              providerPaymentId: event.paymentId,
              amountPaise: event.orderAmountPaise ?? -1,
              currency: event.currency ?? '',
            },
            'webhook',
          );
          outcome = result.kind;
        }
      } else if (
        (event.type === 'PAYMENT_FAILED_WEBHOOK' || event.type === 'PAYMENT_USER_DROPPED_WEBHOOK') &&
        order.status !== 'PAID'
      ) {
        outcome = (await orders.advance(
          order.id,
          'FAILED',
          (event.paymentStatus ?? 'failed').toLowerCase(),
          clock.now(),
        ))
          ? 'marked_failed'
          : 'no_change';
      } else {
        outcome = order.status === 'PAID' ? 'already_paid' : 'ignored';
      }
      await orders.recordEvent(
        {
          dedupeKey: `webhook:${event.paymentId ?? event.idempotencyKey ?? 'none'}:${event.paymentStatus ?? event.type}`,
          source: 'webhook',
          eventType: event.type,
          orderId: event.orderId,
          providerPaymentId: event.paymentId,
          paymentStatus: event.paymentStatus,
          amountPaise: event.paymentAmountPaise,
          currency: event.currency,
          outcome,
        },
        clock.now(),
      );
      return outcome;
    },

    /**
     * One pass of the reconciler (DESIGN §4 step 5): open orders older than a couple of minutes
     * are checked with the provider, each claimed first so parallel processes split the work.
     * Backs off per order: 1, 2, 4 … minutes, at most 30.
     */
    async reconcileOnce(limit = 25): Promise<{ checked: number; paid: number; expired: number }> {
      const now = clock.now();
      const due = await orders.listDueForCheck(now - RECONCILE_MIN_AGE_MS, now, limit);
      const tally = { checked: 0, paid: 0, expired: 0 };
      for (const order of due) {
        const backoff = Math.min(60_000 * 2 ** Math.min(order.checks, 5), 30 * 60_000);
        if (!(await orders.claimCheck(order, now + backoff))) continue;
        tally.checked += 1;
        const status = await refreshFromProvider(order, 'reconcile');
        if (status === 'PAID') tally.paid += 1;
        if (status === 'EXPIRED') tally.expired += 1;
        // Never reached the provider and never will: give up once its checkout would be over.
        if (status === 'CREATED' && now - order.createdAt > ORDER_TTL_MS) {
          await advance(order, 'EXPIRED', 'never_created', 'reconcile');
          tally.expired += 1;
        }
      }
      return tally;
    },
  };

  async function answerFor(order: OrderRow, status: OrderStatus): Promise<VerifyPaymentResponse> {
    const expiresAt = status === 'PAID' ? await orders.findUnlockExpiry(order.id) : null;
    return {
      status: publicStatus(status),
      orderId: order.id,
      contentId: order.contentId,
      amountPaise: order.amountPaise,
      expiresAt,
    };
  }
}

function publicStatus(status: OrderStatus): PaymentStatus {
  return status === 'CREATED' || status === 'ACTIVE' ? 'PENDING' : status;
}

/** kh_ + time (sortable) + randomness: 3–45 of [A-Za-z0-9_-], as Cashfree wants. */
export function newOrderId(): string {
  return `kh_${Date.now().toString(36)}${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Cashfree's customer_id: 3–50 characters, alphanumeric to be safe (reference §1.4). */
function customerIdFor(accountId: string): string {
  return `u${accountId.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 50).padEnd(3, '0');
}

/** order_note must be 3–200 characters. */
function orderNote(title: string): string {
  return `Unlock: ${title}`.slice(0, 200);
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
