import type { ExpressionBuilder } from 'kysely';
import type { Database, OrderStatus } from '../../db/schema.js';

/**
 * The order state machine (ADR 011, ADR 017), pure: what an order becomes when the provider tells
 * us something, whoever carries the news (the webhook, the fan's verify, the reconciler). The
 * callers apply its answer with a guarded UPDATE, so of two carriers of the same news only one
 * changes the row.
 *
 *   CREATED ──checkout opened──▶ ACTIVE ──attempt failed──▶ FAILED ──order expired──▶ EXPIRED
 *      │                           │                          │                          │
 *      └───────────────────────────┴───── paid, amount right, item still there ─────────┴──▶ PAID
 *
 * An order only moves forward. FAILED can still become PAID (the fan retries inside the same
 * checkout) and so can EXPIRED (an attempt started before the expiry may succeed after it,
 * which Cashfree documents), but nothing leaves PAID.
 */

const RANK: Record<OrderStatus, number> = { CREATED: 0, ACTIVE: 1, FAILED: 2, EXPIRED: 3, PAID: 4 };

/** How long the provider keeps a checkout payable. */
export const ORDER_TTL_MS = 30 * 60_000;

/**
 * Failures no later answer can mend: the provider's amount or currency disagrees with ours, or
 * money arrived that cannot buy what it was for (the item's files are gone, the fan already holds
 * it, or it came after the checkout's grace window or for an item removed or repriced since).
 * Such an order is closed to polling (it would stay "PAID but wrong" forever). The money of the
 * last three goes back to the fan by itself (ADR 021); a mismatch is left for a person.
 */
export const FINAL_FAILURE_REASONS = [
  'amount_mismatch',
  'provider_mismatch',
  'paid_for_removed_item',
  'already_unlocked',
  'late_payment',
] as const;
export type FinalFailureReason = (typeof FINAL_FAILURE_REASONS)[number];

/**
 * Why an order expired. Only an expiry the provider reported can still end PAID; an order the
 * provider never had cannot, and one whose attempts all ended has nothing left to succeed.
 */
export const EXPIRY_REASONS = {
  /** The provider said EXPIRED or TERMINATED: an attempt in flight may still succeed. */
  atProvider: ['expired', 'terminated'],
  /** Nothing can be paid any more. */
  final: ['not_at_provider', 'never_created', 'expired_unpaid'],
} as const;

export function statusesBefore(status: OrderStatus): OrderStatus[] {
  return (Object.keys(RANK) as OrderStatus[]).filter((other) => RANK[other] < RANK[status]);
}

/** Statuses still waiting for money while the checkout is open. */
export const OPEN_STATUSES: OrderStatus[] = ['CREATED', 'ACTIVE', 'FAILED'];

export interface OrderFacts {
  status: OrderStatus;
  failureReason: string | null;
  createdAt: number;
  amountPaise: number;
  currency: string;
}

function closedForGood(order: Pick<OrderFacts, 'failureReason'>): boolean {
  return (FINAL_FAILURE_REASONS as readonly string[]).includes(order.failureReason ?? '');
}

/** Waiting for money inside its checkout: the fan may still pay, and the provider is asked. */
export function isOpen(order: Pick<OrderFacts, 'status' | 'failureReason'>): boolean {
  return OPEN_STATUSES.includes(order.status) && !closedForGood(order);
}

/**
 * Expired at the provider, but an attempt started before the expiry may still end PAID within
 * `graceMs` of it (issue 19, M1): the reconciler and verify keep asking until then.
 */
export function mayStillBePaidLate(order: OrderFacts, now: number, graceMs: number): boolean {
  return (
    order.status === 'EXPIRED' &&
    (EXPIRY_REASONS.atProvider as readonly string[]).includes(order.failureReason ?? '') &&
    now <= order.createdAt + ORDER_TTL_MS + graceMs
  );
}

/** Whether the provider should be asked about this order now. */
export function worthAsking(order: OrderFacts, now: number, graceMs: number): boolean {
  return isOpen(order) || mayStillBePaidLate(order, now, graceMs);
}

/** isOpen as SQL, for any query with `orders` in scope (the same rule: order-states.test.ts checks they agree). */
export function openOrder(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.and([
    eb('orders.status', 'in', OPEN_STATUSES),
    eb.or([eb('orders.failureReason', 'is', null), eb('orders.failureReason', 'not in', FINAL_FAILURE_REASONS)]),
  ]);
}

/**
 * An order that may still be paid at `now` (worthAsking, as SQL, for a given grace window): a
 * deleted item keeps its files while one exists (content's PayableOrderCondition).
 */
export function payableOrder(graceMs: number) {
  return (now: number) => worthAskingSql(now, graceMs);
}

/** worthAsking as SQL. */
export function worthAskingSql(now: number, graceMs: number) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.or([
      openOrder(eb),
      eb.and([
        eb('orders.status', '=', 'EXPIRED'),
        eb('orders.failureReason', 'in', EXPIRY_REASONS.atProvider),
        eb('orders.createdAt', '>=', now - ORDER_TTL_MS - graceMs),
      ]),
    ]);
}

/** What the provider told us about an order. */
export type OrderNews =
  /** It made the checkout: a payment session exists. */
  | { kind: 'checkout_opened' }
  /** It answered an order creation with another amount or no session. */
  | { kind: 'provider_mismatch' }
  /** Money arrived: this amount and currency, and what is true of the item and the fan as it lands. */
  | {
      kind: 'paid';
      amountPaise: number;
      currency: string;
      /** The item's files are still there. */
      itemAvailable: boolean;
      /** The fan already holds a running unlock of the item, from another order. */
      alreadyUnlocked: boolean;
      /** The item was deleted, hidden or repriced since the order was made. */
      itemChanged: boolean;
      /** It arrived after the grace window that follows the checkout's expiry. */
      afterGrace: boolean;
    }
  /** The latest attempt failed (FAILED, USER_DROPPED, CANCELLED, VOID): the fan may retry. */
  | { kind: 'attempt_failed'; reason: string }
  /** The checkout is over at the provider (EXPIRED, TERMINATED), or it never had the order. */
  | { kind: 'expired'; reason: string }
  /** An expired order's attempts all ended unpaid: nothing can succeed any more. */
  | { kind: 'no_attempt_left' };

export type OrderTransition =
  /** Nothing changes. */
  | { kind: 'stay' }
  /** A forward move that pays nothing. */
  | { kind: 'move'; to: 'ACTIVE' | 'FAILED' | 'EXPIRED'; reason: string | null }
  /** The status stays, with a new reason: one that closes it to polling, or a later attempt's failure. */
  | { kind: 'close'; reason: string }
  /** PAID: the fan's unlock, the sale in the ledger and the item's counters, at once (settlement). */
  | { kind: 'settle' }
  /** Money that must not settle this order: closed for good, and refunded (or, a mismatch, left for a person). */
  | {
      kind: 'refuse';
      reason: Extract<
        FinalFailureReason,
        'amount_mismatch' | 'paid_for_removed_item' | 'already_unlocked' | 'late_payment'
      >;
    };

/** The whole machine: what `news` does to `order`. */
export function nextState(order: OrderFacts, news: OrderNews): OrderTransition {
  if (order.status === 'PAID') return { kind: 'stay' };
  const forwardTo = (to: 'ACTIVE' | 'FAILED' | 'EXPIRED', reason: string | null): OrderTransition =>
    RANK[to] > RANK[order.status] ? { kind: 'move', to, reason } : { kind: 'stay' };
  switch (news.kind) {
    case 'checkout_opened':
      return order.status === 'CREATED' ? { kind: 'move', to: 'ACTIVE', reason: null } : { kind: 'stay' };
    case 'provider_mismatch':
      return forwardTo('FAILED', 'provider_mismatch');
    case 'paid':
      // A paid ₹1 must never unlock a ₹500 item (reference §0.2).
      if (news.amountPaise !== order.amountPaise || news.currency !== order.currency)
        return { kind: 'refuse', reason: 'amount_mismatch' };
      // An unlock of an item whose files are gone would sell nothing; the money waits for a person.
      if (!news.itemAvailable) return { kind: 'refuse', reason: 'paid_for_removed_item' };
      // A success after the checkout expired is honoured within the grace window, for the item
      // as it was sold (ADR 017); later (whether or not the expiry was noticed), or for an item
      // removed or repriced since, it goes back.
      if (news.afterGrace || (order.status === 'EXPIRED' && news.itemChanged))
        return { kind: 'refuse', reason: 'late_payment' };
      // Two checkouts paid for one item (two tabs): the second buys nothing and goes back.
      if (news.alreadyUnlocked) return { kind: 'refuse', reason: 'already_unlocked' };
      return { kind: 'settle' };
    case 'attempt_failed':
      if (closedForGood(order)) return { kind: 'stay' };
      // A later attempt's failure replaces the earlier one's reason (and time), so the return page
      // and the dialog say what her latest attempt did ("cancelled, not charged" after a decline,
      // ADR 022).
      // Told again even with the same reason: its time says a new attempt failed.
      if (order.status === 'FAILED') return { kind: 'close', reason: news.reason };
      return forwardTo('FAILED', news.reason);
    case 'expired':
      return forwardTo('EXPIRED', news.reason);
    case 'no_attempt_left':
      return order.status === 'EXPIRED' && order.failureReason !== 'expired_unpaid'
        ? { kind: 'close', reason: 'expired_unpaid' }
        : { kind: 'stay' };
  }
}

/**
 * When the reconciler asks again: 1, 2, 4 … minutes after each check, at most 30 while the
 * checkout is open; after the expiry at most every 4 hours until the grace window ends.
 */
export function nextCheckDelayMs(order: Pick<OrderFacts, 'status'>, checks: number): number {
  const cap = order.status === 'EXPIRED' ? 4 * 60 * 60_000 : 30 * 60_000;
  return Math.min(60_000 * 2 ** Math.min(checks, 8), cap);
}
