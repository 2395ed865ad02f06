import type { PaymentStatus, VerifyPaymentResponse } from '@kholo/contracts';
import type { OrderStatus } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { isOpen } from './order-states.js';
import type { PaymentsDependencies } from './payments-context.js';
import type { ProviderNews } from './provider-news.js';

export type VerifyPayment = (fanId: string, orderId: string) => Promise<VerifyPaymentResponse>;

/**
 * POST /api/payment/verify-payment (DESIGN §4 step 4): the fan's own order, from the database
 * first; the provider is asked while the checkout is open. An order that expired is not: if an
 * attempt started before the expiry succeeds after it, the webhook or the reconciler (which keeps
 * asking through the late-payment grace window) settles it, and the fan gets her receipt.
 */
export function verifyPaymentUseCase(deps: PaymentsDependencies, news: ProviderNews): VerifyPayment {
  const { orders } = deps;
  return async (fanId, orderId) => {
    const order = await orders.findById(orderId);
    if (order === undefined || order.fanId !== fanId) throw new AppError('NOT_FOUND', 'Order not found.');
    let status: OrderStatus = order.status;
    if (isOpen(order)) status = await news.refresh(order, 'verify');
    const expiresAt = status === 'PAID' ? await orders.findUnlockExpiry(order.id) : null;
    return {
      status: publicStatus(status),
      orderId: order.id,
      contentId: order.contentId,
      amountPaise: order.amountPaise,
      expiresAt,
    };
  };
}

function publicStatus(status: OrderStatus): PaymentStatus {
  return status === 'CREATED' || status === 'ACTIVE' ? 'PENDING' : status;
}
