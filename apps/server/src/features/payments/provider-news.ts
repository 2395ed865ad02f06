import type { OrderStatus } from '../../db/schema.js';
import { type GatewayPayment, PaymentGatewayError } from '../../providers/payments/payment-gateway.js';
import { nextState, type OrderNews, ORDER_TTL_MS } from './order-states.js';
import type { OrderRow } from './orders-repository.js';
import type { NewsSource, PaymentsDependencies } from './payments-context.js';
import type { PaymentEvidence, SettlementResult } from './settlement.js';

/** Attempt statuses after which the fan can only retry: the order's latest attempt failed. */
const FAILED_ATTEMPTS = ['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID'];
/** Attempt statuses that may still end in SUCCESS. */
const UNFINISHED_ATTEMPTS = ['PENDING', 'NOT_ATTEMPTED'];

/**
 * What verify, the webhook and the reconciler share: asking the provider about an order, applying
 * its news through the state machine, settling, and recording what was heard.
 */
export interface ProviderNews {
  /** Money arrived: settles (exactly once, whoever calls), logs a refusal (the receipt is queued by settlement). */
  settle(orderId: string, evidence: PaymentEvidence, source: NewsSource): Promise<SettlementResult>;
  /**
   * News that pays nothing, through the state machine: the status it left, and whether this
   * caller's guarded UPDATE was the one that changed the row. With a source, a change is also
   * recorded as a payment event for the admin's log.
   */
  apply(
    order: OrderRow,
    news: Exclude<OrderNews, { kind: 'paid' }>,
    source: NewsSource | null,
  ): Promise<{ status: OrderStatus; changed: boolean }>;
  /** Asks the provider about the order and acts on the answer; the status the fan should see. */
  refresh(order: OrderRow, source: NewsSource): Promise<OrderStatus>;
}

export function createProviderNews(deps: PaymentsDependencies): ProviderNews {
  const { orders, gateway, clock, logger } = deps;

  /** Money arrived: settles (exactly once, whoever calls), logs a refusal (the receipt is queued by settlement). */
  async function settle(orderId: string, evidence: PaymentEvidence, source: NewsSource): Promise<SettlementResult> {
    const result = await deps.settle(orderId, evidence);
    if (result.kind === 'amount_mismatch') {
      logger.error(
        { orderId, expected: result.order.amountPaise, got: evidence.amountPaise, currency: evidence.currency, source },
        'payment amount or currency does not match the order; not unlocking',
      );
    }
    if (
      result.kind === 'paid_for_removed_item' ||
      result.kind === 'already_unlocked' ||
      result.kind === 'late_payment'
    ) {
      logger.warn(
        { orderId, contentId: result.order.contentId, amountPaise: evidence.amountPaise, source, reason: result.kind },
        'payment that buys nothing; not unlocking, refunding it',
      );
    }
    if (result.kind === 'settled') {
      logger.info({ orderId, source, amountPaise: result.order.amountPaise }, 'order settled');
    }
    return result;
  }

  async function apply(
    order: OrderRow,
    news: Exclude<OrderNews, { kind: 'paid' }>,
    source: NewsSource | null,
  ): Promise<{ status: OrderStatus; changed: boolean }> {
    const transition = nextState(order, news);
    const now = clock.now();
    let result = { status: order.status, changed: false };
    if (transition.kind === 'move') {
      result = {
        status: transition.to,
        changed: await orders.advance(order.id, transition.to, transition.reason, now),
      };
    } else if (transition.kind === 'close') {
      result = { status: order.status, changed: await orders.close(order.id, order.status, transition.reason, now) };
    }
    if (result.changed && source !== null) {
      const outcome = transition.kind === 'close' ? transition.reason : `marked_${result.status.toLowerCase()}`;
      await record(source, order.id, result.status, null, null, null, outcome);
    }
    return result;
  }

  /** apply with its event recorded, for callers that only need the status. */
  async function applyAndRecord(
    order: OrderRow,
    news: Exclude<OrderNews, { kind: 'paid' }>,
    source: NewsSource,
  ): Promise<OrderStatus> {
    return (await apply(order, news, source)).status;
  }

  function record(
    source: NewsSource,
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

  /** The order's attempts, newest first by the provider's own time (the list's order is not documented, reference §1.6). */
  async function attemptsOf(orderId: string): Promise<GatewayPayment[]> {
    return [...(await gateway.getPayments(orderId))].sort((a, b) => (b.time ?? 0) - (a.time ?? 0));
  }

  /**
   * Asks the provider about an order and acts on the answer (reference §4): PAID with the right
   * amount settles, even after a local EXPIRED (M1); EXPIRED or TERMINATED expires; a failed
   * latest attempt marks FAILED; an expired order with no attempt left is closed to polling. A
   * provider that cannot be reached changes nothing: the next poll or the reconciler retries.
   */
  async function refresh(order: OrderRow, source: NewsSource): Promise<OrderStatus> {
    const now = clock.now();
    let remote;
    try {
      remote = await gateway.getOrder(order.id);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.kind === 'not_found') {
        // Creation never reached the provider (or its record is gone): nothing can be paid.
        if (now - order.createdAt > ORDER_TTL_MS)
          return applyAndRecord(order, { kind: 'expired', reason: 'not_at_provider' }, source);
        return order.status;
      }
      logger.warn({ err: error, orderId: order.id, source }, 'could not ask the payment provider about an order');
      return order.status;
    }

    if (remote.status === 'PAID') {
      let paymentId: string | null = null;
      let method: string | null = null;
      try {
        const success = (await gateway.getPayments(order.id)).find((payment) => payment.status === 'SUCCESS');
        paymentId = success?.paymentId ?? null;
        method = success?.method ?? null;
      } catch {
        // The payment id and method are for the record only; the order's PAID is what settles.
      }
      const result = await settle(
        order.id,
        { providerPaymentId: paymentId, method, amountPaise: remote.amountPaise, currency: remote.currency },
        source,
      );
      await record(source, order.id, 'PAID', paymentId, remote.amountPaise, remote.currency, result.kind);
      return result.kind === 'settled' || result.kind === 'already_paid' ? 'PAID' : 'FAILED';
    }
    if (remote.status === 'EXPIRED' || remote.status === 'TERMINATED') {
      const status = await applyAndRecord(order, { kind: 'expired', reason: remote.status.toLowerCase() }, source);
      if (order.status === 'EXPIRED') await closeIfNothingLeft(order, source);
      return status;
    }
    if (order.status === 'CREATED' && remote.paymentSessionId !== null) {
      await orders.markActive(order.id, remote.paymentSessionId, now);
    }
    try {
      const latest = (await attemptsOf(order.id))[0];
      if (latest !== undefined && FAILED_ATTEMPTS.includes(latest.status)) {
        const status = await applyAndRecord(
          order,
          { kind: 'attempt_failed', reason: latest.status.toLowerCase() },
          source,
        );
        return status === 'EXPIRED' ? 'EXPIRED' : 'FAILED';
      }
      // A retry after a failed attempt, not yet confirmed: the page keeps polling (reference §4).
      if (latest?.status === 'PENDING') return 'ACTIVE';
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'could not read the payment attempts of an order');
    }
    return order.status === 'CREATED' ? 'ACTIVE' : order.status;
  }

  /**
   * An order already EXPIRED here that the provider still calls expired: once none of its
   * attempts can still succeed, it is closed to polling; until then the reconciler asks again.
   */
  async function closeIfNothingLeft(order: OrderRow, source: NewsSource): Promise<void> {
    try {
      const attempts = await attemptsOf(order.id);
      if (!attempts.some((attempt) => UNFINISHED_ATTEMPTS.includes(attempt.status))) {
        await applyAndRecord(order, { kind: 'no_attempt_left' }, source);
      }
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'could not read the payment attempts of an expired order');
    }
  }

  return { settle, apply, refresh };
}
