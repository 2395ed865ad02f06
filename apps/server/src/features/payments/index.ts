// Payments (DESIGN §4, ADR 017): orders and the provider's checkout, one use case per file
// (create-order, verify-payment, handle-webhook, reconcile-orders), the order state machine
// (order-states) and settlement, which posts the sale to the ledger.
export { type Buyer } from './create-order.js';
export { type WebhookEvent } from './handle-webhook.js';
export { isOpen, ORDER_TTL_MS, openOrder, payableOrder, worthAsking } from './order-states.js';
export { createOrdersRepository, type NewPaymentEvent, type OrdersRepository } from './orders-repository.js';
export { type PaymentsDependencies, type PaymentsLogger } from './payments-context.js';
export { paymentsRoutes } from './payments-routes.js';
export { createPaymentsService, type PaymentsService } from './payments-service.js';
export { createSaleNotifications, SALE_NOTICE_BATCH_MS, type SaleNotifications } from './sale-notifications.js';
export { createSaleNotificationsRepository } from './sale-notifications-repository.js';
export { scheduleReconciler } from './reconcile-orders.js';
export { createSettlement, type PaymentEvidence, type Settle, type SettlementResult } from './settlement.js';
