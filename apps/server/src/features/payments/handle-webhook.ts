import type { PaymentsDependencies } from './payments-context.js';
import type { ProviderNews } from './provider-news.js';

export interface WebhookEvent {
  type: string;
  orderId: string | null;
  paymentId: string | null;
  paymentStatus: string | null;
  /** The order's amount as the provider states it, and what was paid. */
  orderAmountPaise: number | null;
  paymentAmountPaise: number | null;
  currency: string | null;
  /** payment_group, grouped as refunds' timings are (upi, card, netbanking, other). */
  paymentMethod: string | null;
  idempotencyKey: string | null;
}

/** Handles a verified webhook; answers what happened, for the log. */
export type HandleWebhook = (event: WebhookEvent) => Promise<string>;

/**
 * A verified webhook (the route checked its signature on the raw bytes). SUCCESS settles when the
 * amount and currency match, whatever the order's status short of PAID (a late success after
 * EXPIRED included); FAILED and USER_DROPPED mark the order FAILED, which a later SUCCESS can still
 * overtake but which never undoes PAID.
 */
export function handleWebhookUseCase(deps: PaymentsDependencies, news: ProviderNews): HandleWebhook {
  const { orders, clock } = deps;
  return async (event) => {
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
        const status = await news.refresh(order, 'webhook');
        outcome = status === 'PAID' ? 'settled_after_check' : 'underpaid_not_settled';
      } else {
        // The order's stated amount and currency must match ours (settlement checks them).
        const result = await news.settle(
          order.id,
          {
            providerPaymentId: event.paymentId,
            method: event.paymentMethod,
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
      const reason = (event.paymentStatus ?? 'failed').toLowerCase();
      const { changed } = await news.apply(order, { kind: 'attempt_failed', reason }, null);
      outcome = changed ? 'marked_failed' : 'no_change';
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
  };
}
