import { type CreateOrder, createOrderUseCase } from './create-order.js';
import { type HandleWebhook, handleWebhookUseCase } from './handle-webhook.js';
import { type PayByUpi, payByUpiUseCase } from './pay-by-upi.js';
import type { PaymentsDependencies } from './payments-context.js';
import { createProviderNews } from './provider-news.js';
import { type ReconcileOrders, reconcileOrdersUseCase } from './reconcile-orders.js';
import { type VerifyPayment, verifyPaymentUseCase } from './verify-payment.js';

/**
 * Payments, one use case per file (DESIGN §4): each decides through the order state machine
 * (order-states.ts) and settles through settlement.ts, which posts to the ledger.
 */
export interface PaymentsService {
  /** POST /api/payment/order: create-order.ts. */
  createOrder: CreateOrder;
  /** POST /api/payment/verify-payment: verify-payment.ts. */
  verify: VerifyPayment;
  /** POST /api/payment/upi: pay-by-upi.ts. */
  payByUpi: PayByUpi;
  /** POST /api/payment/webhook, after its signature: handle-webhook.ts. */
  handleWebhook: HandleWebhook;
  /** One reconciler pass: reconcile-orders.ts. */
  reconcileOnce: ReconcileOrders;
}

export function createPaymentsService(deps: PaymentsDependencies): PaymentsService {
  const news = createProviderNews(deps);
  return {
    createOrder: createOrderUseCase(deps),
    verify: verifyPaymentUseCase(deps, news),
    payByUpi: payByUpiUseCase(deps, news),
    handleWebhook: handleWebhookUseCase(deps, news),
    reconcileOnce: reconcileOrdersUseCase(deps, news),
  };
}
