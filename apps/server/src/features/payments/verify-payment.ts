import type { PaymentFailure, PaymentStatus, VerifyPaymentResponse } from '@kholo/contracts';
import type { OrderStatus } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { isOpen } from './order-states.js';
import type { PaymentsDependencies } from './payments-context.js';
import type { ProviderNews } from './provider-news.js';

/**
 * Who asks about an order: a signed-in fan, or a visitor's browser whose checkout cookie names
 * this order (ADR 022).
 */
export type OrderCaller = { kind: 'fan'; fanId: string } | { kind: 'checkout'; orderId: string };

/** The answer, less what only the route knows (whose email a visitor's code went to), plus the order's fan. */
export type VerifyPayment = (
  caller: OrderCaller,
  orderId: string,
) => Promise<Omit<VerifyPaymentResponse, 'checkoutEmail'> & { fanId: string }>;

/** Attempts that ended without taking money: she left, cancelled, or the bank voided it. */
const CANCELLED_ATTEMPTS = new Set(['user_dropped', 'cancelled', 'not_attempted', 'void']);
/** Money that arrived but could not buy the item goes back by itself (ADR 021). */
const REFUNDED_BY_RULE = new Set(['paid_for_removed_item', 'already_unlocked', 'late_payment']);

/** Why a FAILED order holds no purchase, in the words the return page can be truthful with. */
export function failureOf(status: OrderStatus, reason: string | null): PaymentFailure | null {
  if (status !== 'FAILED') return null;
  if (reason !== null && CANCELLED_ATTEMPTS.has(reason)) return 'cancelled';
  if (reason !== null && REFUNDED_BY_RULE.has(reason)) return 'refunded';
  return 'declined';
}

/** Whether `caller` may ask about `order`. */
export function callerOwns(caller: OrderCaller, order: { id: string; fanId: string }): boolean {
  return caller.kind === 'fan' ? order.fanId === caller.fanId : order.id === caller.orderId;
}

/**
 * POST /api/payment/verify-payment (DESIGN §4 step 4): the fan's own order, from the database
 * first; the provider is asked while the checkout is open. An order that expired is not: if an
 * attempt started before the expiry succeeds after it, the webhook or the reconciler (which keeps
 * asking through the late-payment grace window) settles it, and the fan gets her receipt.
 */
export function verifyPaymentUseCase(deps: PaymentsDependencies, news: ProviderNews): VerifyPayment {
  const { orders } = deps;
  return async (caller, orderId) => {
    const order = await orders.findById(orderId);
    if (order === undefined || !callerOwns(caller, order)) throw new AppError('NOT_FOUND', 'Order not found.');
    let status: OrderStatus = order.status;
    let current = order;
    if (isOpen(order)) {
      // The answer's status is the news': a FAILED order whose latest attempt is pending again is
      // PENDING, so the page keeps asking.
      status = await news.refresh(order, 'verify');
      // Read again for why and when: the news may have told a later attempt's failure.
      current = (await orders.findById(orderId)) ?? order;
    }
    const reason = current.failureReason;
    const expiresAt = status === 'PAID' ? await orders.findUnlockExpiry(order.id) : null;
    return {
      status: publicStatus(status),
      orderId: order.id,
      contentId: order.contentId,
      amountPaise: order.amountPaise,
      expiresAt,
      failure: failureOf(status, reason),
      // When the latest failed attempt was told, so a page that started a new attempt since can
      // tell the earlier attempt's failure from its own.
      failedAt: status === 'FAILED' ? current.updatedAt : null,
      fanId: order.fanId,
    };
  };
}

function publicStatus(status: OrderStatus): PaymentStatus {
  return status === 'CREATED' || status === 'ACTIVE' ? 'PENDING' : status;
}
