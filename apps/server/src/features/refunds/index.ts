// Money back (issue 22, ADR 021): the refund engine (one refund per order, exactly once), refunds
// sent to the provider as jobs, disputes from the fan's bank, the fan's purchases and problem
// reports, and the admin's refunds.
export { createDisputes, type Disputes } from './disputes.js';
export { createDisputesRepository, type DisputesRepository } from './disputes-repository.js';
export { createRefundEngine, RETURNED_PAYMENT_REASONS, type RefundEngine } from './refund-engine.js';
export { type RefundEmailLinks } from './refund-emails.js';
export { createRefundTransfers, type RefundTransfers } from './refund-transfers.js';
export { createRefundsRepository, type RefundsRepository } from './refunds-repository.js';
export { refundsRoutes } from './refunds-routes.js';
export { createRefundsService, REFUND_MESSAGES, type RefundsService } from './refunds-service.js';
