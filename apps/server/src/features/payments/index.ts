// Payments: orders, the provider's checkout, webhooks and verification, settlement, and the
// reconciler. What other features and the wiring use today; the lead refines it (issue 19).
export { createOrdersRepository, openOrder } from './orders-repository.js';
export { paymentsRoutes } from './payments-routes.js';
export { createPaymentsService, type PaymentsService } from './payments-service.js';
export { startReconciler } from './reconciler.js';
export { createSettlement } from './settlement.js';
